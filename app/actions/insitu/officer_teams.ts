import { DateTime } from 'luxon'
import type Order from '#models/order'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { refuseFields } from '#services/field_errors'
import { LAB_LABELS, LAB_OFFICERS, type ServiceLab } from '#enums/labs'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { staffWithRoles } from '#queries/orders/alkes_options'
import { requestedLabs } from '#queries/insitu/lab_plans'
import { picksTeamOf } from '#queries/insitu/teams'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { teamAssignmentNews } from '#notifications/assignment_news'

export interface TeamInput {
  lab?: ServiceLab
  leader?: number
  member?: number[]
  dates?: { start_date: Date; end_date: Date }[]
}

/** Spec part 2 section 5: the officer selection's alerts, answered under their fields. */
export const TEAM_MESSAGES = {
  leader: 'Harap pilih Ketua Tim terlebih dahulu',
  member: 'Harap pilih minimal satu Anggota Tim',
  dates: 'Harap isi tanggal kegiatan',
  leaderIsMember:
    'Petugas ini sudah terpilih sebagai anggota tim. Harap hapus dari anggota tim terlebih dahulu.',
}

const day = (date: Date) => DateTime.fromJSDate(date).startOf('day')

/** The lab this head picks for: the one named, else the only requested lab they head. */
async function labOf(actor: StaffActor, order: Order, named?: ServiceLab) {
  const requested = await requestedLabs(order)
  const labs = requested.filter((lab) => picksTeamOf(actor.user, lab))
  if (!labs.length) {
    throw new ActionRefusedException(
      'Permintaan ini tidak memiliki permintaan untuk laboratorium yang Anda pimpin.'
    )
  }
  const lab = named ?? (labs.length === 1 ? labs[0] : undefined)
  if (!lab) refuseFields({ lab: 'Pilih laboratorium yang timnya ditetapkan.' })
  if (!labs.includes(lab)) {
    throw new ActionRefusedException(
      `Tim ${LAB_LABELS[lab]} dipilih oleh kepala laboratoriumnya, untuk permintaan yang memiliki permintaan ${LAB_LABELS[lab]}.`
    )
  }
  return lab
}

/**
 * A lab's head sets its team: one leader, at least one member (never the leader too), all
 * officers of that lab, and the visit's date ranges with their inclusive day counts. The team
 * replaces the lab's previous one.
 */
export async function saveTeam(actor: StaffActor, order: Order, input: TeamInput) {
  insituWorkflow.assert('officers', order, actor.user)
  const lab = await labOf(actor, order, input.lab)
  const leader = input.leader
  const members = [...new Set(input.member ?? [])]
  const dates = input.dates ?? []
  if (!leader) refuseFields({ leader: TEAM_MESSAGES.leader })
  if (!members.length) refuseFields({ member: TEAM_MESSAGES.member })
  if (!dates.length) refuseFields({ dates: TEAM_MESSAGES.dates })
  if (members.includes(leader)) refuseFields({ leader: TEAM_MESSAGES.leaderIsMember })
  const candidates = await staffWithRoles([LAB_OFFICERS[lab]])
  const officers = new Set(candidates.map((user) => user.id))
  const outsider = [leader, ...members].findIndex((id) => !officers.has(id))
  if (outsider >= 0) {
    refuseFields({
      [outsider === 0 ? 'leader' : 'member']: `Pilih petugas laboratorium ${LAB_LABELS[lab]}.`,
    })
  }
  const ranges = dates.map((range, index) => {
    const start = day(range.start_date)
    const end = day(range.end_date)
    if (end < start) {
      refuseFields({
        [`dates.${index}.end_date`]: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
      })
    }
    return { start, end, days: end.diff(start, 'days').days + 1 }
  })
  await insituWorkflow.take('officers', order, actor.user, async (trx) => {
    const previous = await trx
      .from('insitu_team_members')
      .where({ order_id: order.id, lab })
      .select('user_id')
    const before = new Set(previous.map((row) => Number(row.user_id)))
    await trx.from('insitu_team_members').where({ order_id: order.id, lab }).delete()
    await trx.from('insitu_team_dates').where({ order_id: order.id, lab }).delete()
    const now = DateTime.utc().toSQL({ includeOffset: false })
    await trx.table('insitu_team_members').multiInsert(
      [leader, ...members].map((userId) => ({
        order_id: order.id,
        lab,
        user_id: userId,
        is_leader: userId === leader,
        created_at: now,
        updated_at: now,
      }))
    )
    await trx.table('insitu_team_dates').multiInsert(
      ranges.map((range) => ({
        order_id: order.id,
        lab,
        start_date: range.start.toISODate(),
        end_date: range.end.toISODate(),
        days: range.days,
      }))
    )
    const to = {
      lab,
      leader,
      members,
      dates: ranges.map((range) => `${range.start.toISODate()}..${range.end.toISODate()}`),
    }
    await auditOrder(actor, order, 'officers', { to }, trx)
    await teamAssignmentNews(trx, actor.user.id, order, {
      lab,
      leader,
      members,
      before,
      dates: ranges,
    })
  })
}
