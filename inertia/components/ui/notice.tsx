import type { ReactNode } from 'react'

/**
 * A short amber notice in a form: why something cannot be done yet, or what to check first.
 * `alert` announces it at once (it appeared after an action); otherwise it is a note.
 */
export function Notice({
  children,
  alert = false,
  className = '',
}: {
  children: ReactNode
  alert?: boolean
  className?: string
}) {
  return (
    <p
      role={alert ? 'alert' : 'note'}
      className={`rounded-md bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200 ${className}`}
    >
      {children}
    </p>
  )
}
