/**
 * The initial Inertia page as embedded in HTML. @adonisjs/inertia's edge
 * plugin escapes only `/` in the page JSON, so a value holding `<!--<script>`
 * switches the HTML parser into the script-data-escaped state and swallows
 * the rest of the page (a blank first load). Every character that can change
 * how the HTML parser reads a script element is written as a JSON \u escape
 * instead, which JSON.parse reads back unchanged.
 */
const UNSAFE_IN_SCRIPT = /[<>&/\u2028\u2029]/g

export function pageJsonForHtml(page: unknown) {
  return JSON.stringify(page).replace(
    UNSAFE_IN_SCRIPT,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Drop-in for the plugin's `inertia` edge global: the page script and the mount element. */
export function inertiaRoot(
  page: { ssrBody?: string } & Record<string, unknown> = {},
  attributes: { as?: string; id?: string; class?: string } = {}
) {
  if (page.ssrBody) return page.ssrBody
  const id = escapeAttribute(attributes?.id || 'app')
  const tag = attributes?.as || 'div'
  const className = attributes?.class ? ` class="${escapeAttribute(attributes.class)}"` : ''
  return `<script data-page="${id}" type="application/json">${pageJsonForHtml(page)}</script><${tag} id="${id}"${className}></${tag}>`
}
