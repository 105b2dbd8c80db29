import { router } from '@inertiajs/react'
import toast from 'react-hot-toast'

/**
 * What a refused form tells (issue 35: errors stood 2,000 px above the Simpan button, with no
 * toast and no scroll): how many entries need fixing, as a toast, and the first field in error
 * scrolled to and focused. Every form of the app is an Inertia visit, so this one listener
 * serves them all.
 */
export function refusalMessage(errors: Record<string, unknown>) {
  const keys = Object.keys(errors)
  const points = new Set(
    keys.map((key) => /^points\.(\d+)\./.exec(key)?.[1]).filter((index) => index !== undefined)
  )
  const others = keys.filter((key) => !/^points\.\d+\./.test(key)).length
  const parts = []
  if (points.size) parts.push(`${points.size} titik belum lengkap`)
  if (others) parts.push(`${others} isian perlu diperbaiki`)
  return parts.join(' dan ')
}

function focusFirstError() {
  const first = document.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')
  if (!first) return
  first.scrollIntoView({ block: 'center', behavior: 'smooth' })
  if (first.matches('input, select, textarea')) first.focus({ preventScroll: true })
}

export function watchRefusedForms() {
  router.on('error', (event) => {
    const errors = event.detail.errors
    if (!Object.keys(errors).length) return
    toast.error(refusalMessage(errors), { id: 'refused-form' })
    // After React has drawn the errors under their fields: the error event comes before the
    // form's new errors are committed, and a long form (a worksheet's points) takes a moment.
    setTimeout(() => requestAnimationFrame(focusFirstError), 120)
  })
}
