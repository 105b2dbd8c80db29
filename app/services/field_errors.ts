import type { Session } from '@adonisjs/session'

/**
 * Puts messages under form fields after a redirect, exactly where validation
 * errors go (Inertia's `errors` prop reads the session's inputErrorsBag).
 */
export function flashFieldErrors(session: Session, errors: Record<string, string>) {
  session.flash(
    'inputErrorsBag',
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]))
  )
}
