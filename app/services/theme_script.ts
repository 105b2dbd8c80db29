import { createHash } from 'node:crypto'

/**
 * Runs before the page paints so a dark-theme user never sees a white flash.
 * The CSP allows exactly this script by its hash.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='dark'||(!t&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}"

export const THEME_SCRIPT_HASH = `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}`
