import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditLog from '#models/audit_log'
import { forgetCounts } from '#queries/datatable'
import type User from '#models/user'

export interface Actor {
  user: User | null
  ip: string | null
}

export interface AuditEntry {
  action: string
  subjectType?: string
  subjectId?: string | number | null
  from?: Record<string, unknown> | null
  to?: Record<string, unknown> | null
  reason?: string | null
  /** For events without a signed-in user, such as a failed sign-in. */
  userName?: string | null
}

export function actorOf(ctx: HttpContext): Actor {
  return { user: ctx.auth?.user ?? null, ip: ctx.request.ip() }
}

/**
 * Appends one audit row. Pass the transaction of the change it records so the
 * change and its record commit or roll back together.
 */
export async function audit(actor: Actor, entry: AuditEntry, trx?: TransactionClientContract) {
  // Every write is audited, so this is also where cached list counts go stale.
  forgetCounts()
  return AuditLog.create(
    {
      userId: actor.user?.id ?? null,
      userName: actor.user?.name ?? entry.userName ?? null,
      role: actor.user ? actor.user.roles.join(',') : null,
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId:
        entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
      changesFrom: entry.from ?? null,
      changesTo: entry.to ?? null,
      reason: entry.reason ?? null,
      ip: actor.ip,
    },
    { client: trx }
  )
}

/** The fields whose values differ, as `{ from, to }` ready for an audit entry. */
export function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const from: Record<string, unknown> = {}
  const to: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) {
      from[key] = before[key] ?? null
      to[key] = after[key] ?? null
    }
  }
  return { from, to, changed: Object.keys(to).length > 0 }
}
