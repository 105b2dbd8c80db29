import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type User from '#models/user'
import { LAB_OFFICERS, type ServiceLab } from '#enums/labs'
import { staffWithRoles } from '#queries/orders/alkes_options'
import { requestedLabs } from '#queries/insitu/lab_plans'
import { dateFromDatabase, formatDate } from '#services/format'
import InsituTeamTransformer from '#transformers/insitu_team_transformer'

/** Whether this user picks the team of this lab: its head. */
export const picksTeamOf = (user: User, lab: ServiceLab) => user.headsLab(lab)

/** The team of one lab: leader, members (with NIP and position) and the visit's dates. */
export async function teamOf(
  order: Pick<Order, 'id'>,
  lab: ServiceLab,
  client: QueryClientContract = db.connection()
) {
  const [members, dates] = await Promise.all([
    client
      .from('insitu_team_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.order_id', order.id)
      .where('m.lab', lab)
      .orderBy('m.is_leader', 'desc')
      .orderBy('u.name')
      .select('u.id', 'u.name', 'u.nip', 'u.position', 'm.is_leader'),
    client
      .from('insitu_team_dates')
      .where('order_id', order.id)
      .where('lab', lab)
      .orderBy('start_date')
      .select('start_date', 'end_date', 'days'),
  ])
  const people = members.map((row) => ({
    id: Number(row.id),
    name: row.name as string,
    nip: (row.nip as string | null) ?? null,
    position: (row.position as string | null) ?? null,
    is_leader: Boolean(row.is_leader),
  }))
  return {
    leader: people.find((person) => person.is_leader) ?? null,
    members: people.filter((person) => !person.is_leader),
    dates: dates.map((row) => {
      const start = String(dateFromDatabase(row.start_date)).slice(0, 10)
      const end = String(dateFromDatabase(row.end_date)).slice(0, 10)
      return {
        start_date: start,
        end_date: end,
        days: Number(row.days),
        formatted: `${formatDate(start)} s.d. ${formatDate(end)}`,
      }
    }),
  }
}

/**
 * The officer page: each requested lab with its team, the officers it may be chosen from, and
 * whether this user may pick it now (its head, while the work is in progress).
 */
export async function teamViews(order: Order, mayPick: (lab: ServiceLab) => boolean) {
  const labs = await requestedLabs(order)
  return Promise.all(
    labs.map(async (lab) => {
      const facts = {
        lab,
        candidates: await staffWithRoles([LAB_OFFICERS[lab]]),
        team: await teamOf(order, lab),
      }
      return new InsituTeamTransformer(facts, mayPick(lab)).toObject()
    })
  )
}
