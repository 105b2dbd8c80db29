import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { hasPermission, type Permission } from '#enums/permissions'
import type { Role } from '#enums/roles'
import type User from '#models/user'
import ActionRefusedException from '#exceptions/action_refused_exception'
import ForbiddenException from '#exceptions/forbidden_exception'
import { affectedRows } from '#services/query_results'
import { lockModel } from '#services/row_locks'
import type { LucidRow } from '@adonisjs/lucid/types/model'

/**
 * The workflow kit: a state machine as data. Each workflow (an order type,
 * later loans) lists its statuses (with the badge tone and dashboard card)
 * and its actions (from which statuses, to which, who may take them, the
 * button, the refusal wording and the timeline text). Pages receive the
 * actions they may show from here; the server refuses every other.
 */
export type Tone = 'amber' | 'sky' | 'red' | 'indigo' | 'violet' | 'orange' | 'emerald' | 'slate'
export type ButtonVariant = 'primary' | 'secondary' | 'danger'

export interface StatusInfo {
  tone: Tone
  /** The dashboard card that counts this status, when it has one. */
  card?: string
  /** What the facility is told when its order enters this status (issue 17). */
  notice?: string
  /** The facility's notice lists each device's result and certificate (issue 35, point 4). */
  noticeResults?: boolean
}

export interface ActionButton<Subject> {
  label: string
  href: (subject: Subject) => string
  variant?: ButtonVariant
  /** A DELETE or PUT sent after a confirmation, instead of a link to a screen. */
  method?: 'delete' | 'put'
  confirm?: (subject: Subject) => string
}

export interface ActionInfo<S extends string, Subject, Extra> {
  from: readonly S[]
  /** The status the action leads to; omitted when it does not move the subject. */
  to?: S
  /** Who may ever take it (the permission map). */
  permission: Permission
  /**
   * Rules beyond the role, such as "the officer assigned to this device" or
   * "the head of that lab". Refused with a notice (not a 403): the user has
   * the role, just not for this one.
   */
  guard?: (user: User, subject: Subject, extra: Extra) => boolean
  /** Completes "Anda tidak dapat … {subject} pada status …". */
  verb: string
  /** Why the guard refuses (it may name the subject, or tell this user apart). */
  guardRefusal?: string | ((subject: Subject, user: User) => string)
  /** Message when the status does not allow it (instead of the generic one). */
  statusRefusal?: string
  /**
   * Opening a page rather than changing anything: every refusal is a 403
   * with its message (there is nothing to retry).
   */
  view?: boolean
  /**
   * What opening the action's form (the page behind its button) answers when the page would
   * not offer it to this user now (`assertForm`): a 403 with these words; without them, the
   * plain 403.
   */
  formRefusal?: string | ((subject: Subject) => string)
  button?: ActionButton<Subject>
  /**
   * What the subject's data must hold first (every device line finished, say): the reason
   * it cannot succeed now, or null. The page shows the button disabled with this reason;
   * the action refuses with it (`assertReady`).
   */
  blockedBy?: BlockedBy<Subject>
  /** What the timeline says for the audit entry of this action (may read what it recorded). */
  timeline?: TimelineText
  /**
   * A to-do on "My tasks" for whoever may take it: what the list calls it and the
   * statuses in which it waits for them (default: `from`).
   */
  task?: { label: string; waitsIn?: readonly S[] }
  /** Who else is told when the action is taken, and what (`ActionNews`). */
  news?: readonly ActionNews<Subject>[]
}

/**
 * A notice an action sends when it is taken, besides its new status's `notice` and the to-dos
 * it leaves (`task`): to the subject's facility, or to the staff holding any of `roles`. The
 * person who took the action is not told. A new action's notice is one more of these.
 */
export interface ActionNews<Subject, Page extends string = string> {
  to: 'facility' | { roles: readonly Role[] }
  /** Told only when this holds of the subject after the action (an invoice stage issued). */
  when?: (subject: Subject) => boolean
  title: (subject: Subject, names: NewsNames) => string
  body: (subject: Subject, names: NewsNames) => string
  /** The subject's page it leads to, by name: the notifier knows the addresses. */
  link: Page
}

/** What a notice names besides its subject: the facility's name and the subject's kind. */
export interface NewsNames {
  facility: string
  /** The kind of subject as the facility knows it: the order type's title ("Alat Datang"). */
  kind: string
}

/**
 * Why an action cannot succeed now for a subject (null: it can). `many`, when given, answers for
 * several subjects in one read (a list of to-dos asks for twenty at once).
 */
export type BlockedBy<Subject> = ((
  subject: Subject,
  client?: QueryClientContract
) => Promise<string | null>) & {
  many?: (subjects: Subject[]) => Promise<(string | null)[]>
}

/** A timeline text, fixed or read from the audit entry's recorded change (`changes_to`). */
export type TimelineText = string | ((change: Record<string, unknown>) => string)

/** An action as a page receives it. */
export type PageAction = {
  key: string
  label: string
  href: string
  variant: ButtonVariant
  method: 'get' | 'delete' | 'put'
  confirm: string | null
  /** Documents open in a new tab. */
  newTab: boolean
  /** Why it cannot succeed now: the button is shown disabled with this beside it. */
  disabledReason?: string | null
}

export interface WorkflowDefinition<
  S extends string,
  A extends string,
  Subject extends { status: string },
  Extra,
> {
  /** Prefix of the audit actions this workflow writes (`internal.approve`). */
  name: string
  /** How a refusal names the subject: its number. */
  describe: (subject: Subject) => string
  statuses: Record<S, StatusInfo>
  actions: Record<A, ActionInfo<S, Subject, Extra>>
}

export class Workflow<
  S extends string,
  A extends string,
  Subject extends { status: string },
  Extra,
> {
  readonly statuses: S[]

  constructor(readonly definition: WorkflowDefinition<S, A, Subject, Extra>) {
    this.statuses = Object.keys(definition.statuses) as S[]
  }

  get name() {
    return this.definition.name
  }

  action(action: A) {
    return this.definition.actions[action]
  }

  tone(status: string): Tone {
    return this.definition.statuses[status as S]?.tone ?? 'slate'
  }

  /** What the subject's owner is told when it enters `status` (null: nothing of note). */
  notice(status: string): string | null {
    return this.definition.statuses[status as S]?.notice ?? null
  }

  /** Whether the facility's notice of this status lists each device's result. */
  noticeResults(status: string): boolean {
    return this.definition.statuses[status as S]?.noticeResults ?? false
  }

  /** Who else is told when `action` is taken (none for an action the workflow does not declare). */
  news(action: string): readonly ActionNews<Subject>[] {
    return this.definition.actions[action as A]?.news ?? []
  }

  /** The to-dos that wait in `status`: whoever may take them is told it is their turn. */
  tasksIn(status: string) {
    return (Object.keys(this.definition.actions) as A[])
      .map((action) => ({ action, info: this.action(action) }))
      .filter(({ info }) => info.task && (info.task.waitsIn ?? info.from).includes(status as S))
  }

  /** Dashboard cards in the order the statuses are listed. */
  cards() {
    return this.statuses
      .filter((status) => this.definition.statuses[status].card)
      .map((status) => ({ status, label: this.definition.statuses[status].card! }))
  }

  /** Whether the user's roles ever allow the action (ignoring status and guard). */
  permits(action: A, user: User) {
    return hasPermission(user.roles, this.action(action).permission)
  }

  /** Refuses a user whose roles never allow the action: the plain 403. */
  assertPermits(action: A, user: User) {
    if (!this.permits(action, user)) throw new ForbiddenException()
  }

  /** The status table's own question, for roles alone (no subject, no guard). */
  allowsRoles(action: A, status: string, roles: readonly Role[]) {
    const info = this.action(action)
    return info.from.includes(status as S) && hasPermission(roles, info.permission)
  }

  /** Whether the user may take the action on this subject now. */
  allows(action: A, subject: Subject, user: User, extra?: Extra) {
    const info = this.action(action)
    return (
      info.from.includes(subject.status as S) &&
      this.permits(action, user) &&
      (!info.guard || info.guard(user, subject, extra as Extra))
    )
  }

  /**
   * Refuses what the user may not do now: a role that never may is a 403; a
   * guard or a status that does not allow it is a notice the user can act on.
   */
  assert(action: A, subject: Subject, user: User, extra?: Extra) {
    const info = this.action(action)
    this.assertPermits(action, user)
    const refuse = (message: string) =>
      info.view ? new ForbiddenException(message) : new ActionRefusedException(message)
    const label = this.definition.describe(subject)
    if (!info.from.includes(subject.status as S)) {
      throw refuse(
        info.statusRefusal ??
          `Anda tidak dapat ${info.verb} ${label} pada status ${subject.status}.`
      )
    }
    if (info.guard && !info.guard(user, subject, extra as Extra)) {
      const refusal =
        typeof info.guardRefusal === 'function'
          ? info.guardRefusal(subject, user)
          : info.guardRefusal
      throw refuse(refusal ?? `Anda tidak dapat ${info.verb} ${label}.`)
    }
  }

  /**
   * Refuses opening the form behind the action's button (or behind any of `actions`' buttons)
   * when the page would not show it to this user now: nothing is taken yet and the page never
   * offered it, so it is a 403, with the first `formRefusal` of the actions (or the plain one).
   */
  assertForm(actions: A | readonly A[], subject: Subject, user: User, extra?: Extra) {
    const list: readonly A[] = typeof actions === 'string' ? [actions] : actions
    if (list.some((action) => this.allows(action, subject, user, extra))) return
    const refusal = list
      .map((action) => this.action(action).formRefusal)
      .find((words) => words !== undefined)
    throw new ForbiddenException(typeof refusal === 'function' ? refusal(subject) : refusal)
  }

  /** Why the action cannot succeed now, from its `blockedBy` check; null when it can. */
  whyBlocked(action: A, subject: Subject, client?: QueryClientContract) {
    return this.action(action).blockedBy?.(subject, client) ?? Promise.resolve(null)
  }

  /** Why the action cannot succeed now for each subject, in one read where the check allows. */
  async whyBlockedEach(action: A, subjects: Subject[]): Promise<(string | null)[]> {
    const check = this.action(action).blockedBy
    if (!check || !subjects.length) return subjects.map(() => null)
    if (check.many) return check.many(subjects)
    const reasons: (string | null)[] = []
    for (const subject of subjects) reasons.push(await check(subject))
    return reasons
  }

  /** Refuses the action while its `blockedBy` check names a reason (inside its transaction). */
  async assertReady(action: A, subject: Subject, client: QueryClientContract) {
    const reason = await this.whyBlocked(action, subject, client)
    if (reason) throw new ActionRefusedException(reason)
  }

  /**
   * The first step inside the action's transaction, before it reads what it decides on: takes
   * the subject's row (services/row_locks.ts) and reads it again, then refuses as `assert` and
   * `assertReady` do on what it now holds. Of two requests at once, the second is refused
   * exactly as a second, later request is (the status moved on, the payment is confirmed).
   */
  async recheck(
    action: A,
    subject: Subject,
    user: User,
    trx: TransactionClientContract,
    extra?: Extra
  ) {
    await lockModel(trx, subject as unknown as LucidRow)
    this.assert(action, subject, user, extra)
    await this.assertReady(action, subject, trx)
  }

  /**
   * As `recheck`, for an action on one part of the subject (a device line of an order): the part
   * is read by `read` after the subject's row is taken, and checked with it.
   */
  async recheckPart<E extends Extra>(
    action: A,
    subject: Subject,
    user: User,
    trx: TransactionClientContract,
    read: () => Promise<E>
  ): Promise<E> {
    await lockModel(trx, subject as unknown as LucidRow)
    const part = await read()
    this.assert(action, subject, user, part)
    await this.assertReady(action, subject, trx)
    return part
  }

  /**
   * Takes the action: refused as `assert` says, then `work` in one transaction after `recheck`
   * (the subject's row taken and checked again).
   */
  take<T>(
    action: A,
    subject: Subject,
    user: User,
    work: (trx: TransactionClientContract) => Promise<T>,
    extra?: Extra
  ) {
    this.assert(action, subject, user, extra)
    return db.transaction(async (trx) => {
      await this.recheck(action, subject, user, trx, extra)
      return work(trx)
    })
  }

  /** The to-dos this user's roles may take, each with the statuses it waits in. */
  tasksFor(user: User) {
    return (Object.keys(this.definition.actions) as A[])
      .filter((action) => this.action(action).task && this.permits(action, user))
      .map((action) => {
        const info = this.action(action)
        return { action, label: info.task!.label, statuses: info.task!.waitsIn ?? info.from }
      })
  }

  next(action: A, status: string): S {
    return this.action(action).to ?? (status as S)
  }

  /** The buttons the subject's page shows this user, in the order the actions are listed. */
  pageActions(subject: Subject, user: User): PageAction[] {
    return (Object.keys(this.definition.actions) as A[])
      .filter((action) => this.action(action).button && this.allows(action, subject, user))
      .map((action) => {
        const button = this.action(action).button!
        return {
          key: action,
          label: button.label,
          href: button.href(subject),
          variant: button.variant ?? 'secondary',
          method: button.method ?? 'get',
          confirm: button.confirm?.(subject) ?? null,
          newTab: false,
          disabledReason: null,
        }
      })
  }

  /** Timeline texts of this workflow's audit actions. */
  timelineLabels(): Record<string, TimelineText> {
    const labels: Record<string, TimelineText> = {}
    for (const [action, info] of Object.entries(this.definition.actions) as [
      string,
      ActionInfo<S, Subject, Extra>,
    ][]) {
      if (info.timeline) labels[`${this.definition.name}.${action}`] = info.timeline
    }
    return labels
  }
}

export function defineWorkflow<
  S extends string,
  A extends string,
  Subject extends { status: string },
  Extra = undefined,
>(definition: WorkflowDefinition<S, A, Subject, Extra>) {
  return new Workflow(definition)
}

/**
 * Moves a row to its next status only if it is still in the status the user
 * saw: of two people acting at once exactly one wins, the other is told. A
 * workflow's table has `status` and `status_changed_at` (when it entered it).
 */
export async function moveStatus(
  trx: TransactionClientContract,
  target: { table: string; id: number; from: string; to: string; label: string }
) {
  const now = DateTime.utc().toSQL({ includeOffset: false })
  const affected = await trx
    .from(target.table)
    .where('id', target.id)
    .where('status', target.from)
    .update({
      status: target.to,
      updated_at: now,
      ...(target.to === target.from ? {} : { status_changed_at: now }),
    })
  if (affectedRows(affected) !== 1) throw changedByOthers(target.label)
}

export function changedByOthers(label: string) {
  return new ActionRefusedException(
    `Status ${label} sudah diubah oleh pengguna lain. Muat ulang halaman lalu periksa kembali.`
  )
}
