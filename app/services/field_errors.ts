import { errors as vineErrors } from '@vinejs/vine'
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

/**
 * Refuses a request as validation does: the messages go under the named fields and the
 * form keeps what was typed. For checks only an action can make (against stored rows).
 */
export function refuseFields(errors: Record<string, string>): never {
  throw new vineErrors.E_VALIDATION_ERROR(
    Object.entries(errors).map(([field, message]) => ({ field, message, rule: 'refused' }))
  )
}
