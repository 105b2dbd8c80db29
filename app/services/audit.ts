import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidRow, ModelAttributes } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import { canonicalTime, chainHash, chainHead, lockChain } from '#services/audit_chain'
import type User from '#models/user'
import { lockModel } from '#services/row_locks'

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

/** The actor of a route behind the auth middleware: its user is always there. */
export function signedInActor(ctx: HttpContext): Actor & { user: User } {
  return { user: ctx.auth.getUserOrFail(), ip: ctx.request.ip() }
}

/**
 * Appends one audit row, chained to the row before it (services/audit_chain.ts).
 * Pass the transaction of the change it records so the change and its record
 * commit or roll back together; without one, the row gets its own. Call it
 * after the transaction's other writes: from here until commit the caller is
 * the chain's only writer.
 */
export async function audit(actor: Actor, entry: AuditEntry, trx?: TransactionClientContract) {
  if (!trx) return db.transaction((own) => appendChained(actor, entry, own))
  return appendChained(actor, entry, trx)
}

const asJson = (value: Record<string, unknown> | null) =>
  value === null ? null : JSON.stringify(value)

async function appendChained(actor: Actor, entry: AuditEntry, trx: TransactionClientContract) {
  await lockChain(trx)
  const prevHash = await chainHead(trx)
  const values = {
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
    // Whole seconds: what SQLite stores, so the hash reads back the same on both databases.
    createdAt: DateTime.utc().startOf('second'),
  }
  const hash = chainHash(
    {
      user_id: values.userId,
      user_name: values.userName,
      role: values.role,
      action: values.action,
      subject_type: values.subjectType,
      subject_id: values.subjectId,
      changes_from: asJson(values.changesFrom),
      changes_to: asJson(values.changesTo),
      reason: values.reason,
      ip: values.ip,
      created_at: canonicalTime(values.createdAt),
    },
    prevHash
  )
  return AuditLog.create({ ...values, prevHash, hash }, { client: trx })
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

/** Runs `work` in the given transaction, or in its own when none is given. */
export function inTransaction<T>(
  trx: TransactionClientContract | undefined,
  work: (client: TransactionClientContract) => Promise<T>
) {
  return trx ? work(trx) : db.transaction(work)
}

/** Audits an account update: the changed fields, and that the password changed (never it). */
export function auditAccountUpdate(
  actor: Actor,
  subject: { action: string; subjectType: string; subjectId: number },
  diff: { from: Record<string, unknown>; to: Record<string, unknown> },
  password: string | null | undefined,
  trx: TransactionClientContract
) {
  const to = password ? { ...diff.to, password: '(diubah)' } : diff.to
  return audit(actor, { ...subject, from: diff.from, to }, trx)
}

/**
 * Creates a record (`existing` null) or updates it, audited as `{subject}.create` or
 * `{subject}.update` with what changed, as `snapshot` reads it; an update that changes
 * nothing writes nothing. In the given transaction, or in its own.
 */
export async function saveAudited<M extends LucidRow & { id: number }>(
  actor: Actor,
  subject: string,
  record: {
    existing: M | null | undefined
    create: () => M
    values: Partial<ModelAttributes<M>>
    snapshot: (model: M) => Record<string, unknown>
    /**
     * Rows of other tables the record owns (a device type's services): read into the "before"
     * snapshot, their new `values` into the "after" one, written after the row is saved.
     */
    owned?: {
      read(client: TransactionClientContract, model: M): Promise<Record<string, unknown>>
      values: Record<string, unknown>
      write(client: TransactionClientContract, model: M): Promise<void>
    }
  },
  trx?: TransactionClientContract
): Promise<M> {
  const run = async (client: TransactionClientContract) => {
    const { existing, owned } = record
    // Compared with the row as it is now: a save made meanwhile is not recorded twice.
    if (existing) await lockModel(client, existing)
    const model = existing ?? record.create()
    model.useTransaction(client)
    const before = existing
      ? { ...record.snapshot(existing), ...(await owned?.read(client, existing)) }
      : null
    model.merge(record.values)
    const after = { ...record.snapshot(model), ...owned?.values }
    const diff = before ? changes(before, after) : null
    if (diff && !diff.changed) return model
    await model.save()
    await owned?.write(client, model)
    await audit(
      actor,
      {
        action: `${subject}.${existing ? 'update' : 'create'}`,
        subjectType: subject,
        subjectId: model.id,
        from: diff?.from ?? null,
        to: diff?.to ?? after,
      },
      client
    )
    return model
  }
  return inTransaction(trx, run)
}
