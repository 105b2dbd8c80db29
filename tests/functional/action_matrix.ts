/**
 * One cell of an order type's role × status matrix (issues 4 and 11): a call made by one role
 * on an order in one status, checked against what the test typed out from the spec.
 *   allowed  -> a redirect without an error, the effect the action promises, one audit row;
 *   refused  -> 403, 409 or a redirect with an error message (never a 404 for an order the
 *               user may see), and nothing about the order changed.
 * Not a spec file: the suites only pick up `*.spec.ts`.
 */
import type { ApiRequest, ApiResponse } from '@japa/api-client'
import type User from '#models/user'
import { auditCount, errorFields, isRedirect } from '#tests/functional/internal_orders/_support'

/** Describes a response for a failure message. */
export function describeResponse(response: ApiResponse) {
  const flash = response.flashMessages?.() ?? {}
  return `${response.status()} ${response.header('location') ?? ''} error=${flash.error ?? '-'} fields=${errorFields(response)}`
}

export interface MatrixCell {
  where: string
  orderId: number
  user: User
  allowed: boolean
  /** 404 is a fair answer for this user (the order is outside what they may see). */
  mayNotSee?: boolean
  send: () => ApiRequest
  /** What an allowed call must have done: a mismatch or null. */
  effect: () => Promise<string | null>
  audit: string
  /** How many audit rows an allowed call writes (1 unless the action records one per line). */
  auditRows?: number
  snapshot: (orderId: number) => Promise<unknown>
}

/** Makes the call of one cell; answers its mismatches (none when it behaved). */
export async function checkCell(cell: MatrixCell): Promise<string[]> {
  const before = await cell.snapshot(cell.orderId)
  const response = await cell.send().loginAs(cell.user).withCsrfToken().withInertia().redirects(0)
  const { where } = cell
  if (cell.allowed) {
    if (!isRedirect(response) || response.flashMessages().error || errorFields(response).length)
      return [`${where}: expected success, got ${describeResponse(response)}`]
    const mismatches: string[] = []
    const effect = await cell.effect()
    if (effect) mismatches.push(`${where}: ${effect}`)
    const audits = await auditCount(cell.orderId, cell.audit)
    if (audits !== (cell.auditRows ?? 1))
      mismatches.push(`${where}: ${audits} audit rows of ${cell.audit}`)
    return mismatches
  }
  const mismatches: string[] = []
  const refused =
    response.status() === 403 ||
    response.status() === 409 ||
    (isRedirect(response) && typeof response.flashMessages().error === 'string')
  if (!refused) mismatches.push(`${where}: expected a refusal, got ${describeResponse(response)}`)
  if (!cell.mayNotSee && response.status() === 404)
    mismatches.push(`${where}: 404 for an order the user may see`)
  const after = await cell.snapshot(cell.orderId)
  if (JSON.stringify(after) !== JSON.stringify(before))
    mismatches.push(`${where}: refused but changed ${JSON.stringify(after)}`)
  return mismatches
}
