import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import type Order from '#models/order'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { formatDate } from '#services/format'
import { notify } from '#notifications/notify'
import { noticeLinks } from '#notifications/links'
import { deviceName, joinNames, namedLines } from '#notifications/device_lines'

/** The facility's name, for the sentence that tells an officer where the work is. */
async function facilityOf(trx: TransactionClientContract, order: Order) {
  const row = await trx
    .from('fasyankes')
    .where('id', order.fasyankesId)
    .select('fasyankes_name')
    .first()
  return (row?.fasyankes_name as string | undefined) ?? '-'
}

/**
 * Officers given device lines of an order (issue 35, point 9): each is told once which devices
 * are now theirs, by name and serial, in one notice per officer with the worksheet page, by
 * Telegram or e-mail as their account says (notify). `before` is each line's officer before
 * the assignment: a line kept by the same officer tells no one again; an officer given a new
 * line is told of that line. The one who assigned is not told.
 */
export async function officerAssignmentNews(
  trx: TransactionClientContract,
  actorId: number | null,
  order: Order,
  before: Map<number, number | null>
) {
  const lines = await namedLines(trx, order.id)
  const given = new Map<number, string[]>()
  for (const line of lines) {
    const officer = line.officer_id === null ? null : Number(line.officer_id)
    if (officer === null || before.get(Number(line.id)) === officer) continue
    given.set(officer, [...(given.get(officer) ?? []), deviceName(line)])
  }
  if (!given.size) return
  const facility = await facilityOf(trx, order)
  for (const [officerId, names] of given) {
    await notify(
      trx,
      [officerId],
      {
        title: `Tugas kalibrasi: ${order.number}`,
        body: `Anda ditugaskan mengerjakan ${names.length} alat pada ${order.number} (${facility}): ${joinNames(names)}. Isi lembar kerjanya pada halaman Lembar Kerja.`,
        href: noticeLinks.orderWorksheets(order),
      },
      actorId ?? undefined
    )
  }
}

/**
 * The members of a lab's on-site team (issue 35, point 9): whoever joins it is told their
 * place (leader or member), the facility, the visit's dates and the lab's devices; a member
 * kept from the team before is not told again. The head who picked the team is not told.
 */
export async function teamAssignmentNews(
  trx: TransactionClientContract,
  actorId: number | null,
  order: Order,
  team: {
    lab: ServiceLab
    leader: number
    members: number[]
    before: Set<number>
    dates: { start: DateTime; end: DateTime }[]
  }
) {
  const joined = [team.leader, ...team.members].filter((id) => !team.before.has(id))
  if (!joined.length) return
  // One after the other: a transaction's reads share its one connection.
  const facility = await facilityOf(trx, order)
  const lines = await namedLines(trx, order.id)
  const devices = lines.filter((line) => line.lab === team.lab && line.status !== 'BATAL UJI')
  const dates = team.dates
    .map((range) =>
      range.start.hasSame(range.end, 'day')
        ? formatDate(range.start)
        : `${formatDate(range.start)} s.d. ${formatDate(range.end)}`
    )
    .join('; ')
  const lab = LAB_LABELS[team.lab]
  for (const userId of joined) {
    const place = userId === team.leader ? 'ketua' : 'anggota'
    await notify(
      trx,
      [userId],
      {
        title: `Tugas tim ${lab}: ${order.number}`,
        body: `Anda ditetapkan sebagai ${place} tim ${lab} untuk ${order.number} di ${facility}, tanggal ${dates}. ${devices.length} alat: ${joinNames(devices.map(deviceName))}.`,
        href: noticeLinks.orderDetail(order),
      },
      actorId ?? undefined
    )
  }
}
