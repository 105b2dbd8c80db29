import ForbiddenException from '#exceptions/forbidden_exception'
import { accountRefusal } from '#services/role_grants'

type Account = Parameters<typeof accountRefusal>[0]

/**
 * Refuses an editor who may not change this account's sign-in data (email, password,
 * set-password link, sessions): a 403 saying why (`accountRefusal`).
 */
export function assertManagesAccount(editor: Account, account: Account) {
  const refusal = accountRefusal(editor, account)
  if (refusal) throw new ForbiddenException(refusal)
}
