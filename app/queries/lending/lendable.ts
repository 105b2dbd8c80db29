import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ServiceLab } from '#enums/labs'
import type { CalibratorCondition } from '#enums/master_data'
import { formatDate, isoDate, labToday } from '#services/format'
import LendableCalibratorTransformer, {
  type LendableRow,
} from '#transformers/lendable_calibrator_transformer'

/**
 * Whether a calibrator may be lent now (spec part 1 section 5, the lending rules): it exists,
 * no open loan line holds it (except the loan being edited), it is in Good condition and its
 * own calibration is not overdue. The lookup by serial number and the loan's save both ask.
 */
export type LendableCalibrator = ReturnType<LendableCalibratorTransformer['toObject']>

/** Domain decisions: the lab of a unit whose name contains PK, UKPR or SARPRAS. */
export function labOfUnit(unit: string): ServiceLab | null {
  const name = unit.toUpperCase()
  if (name.includes('UKPR')) return 'ukpr'
  if (name.includes('SARPRAS')) return 'sarpras'
  if (name.includes('PK')) return 'pk'
  return null
}

const notFound = (serial: string) => `Data Kalibrator Dengan Nomor Seri ${serial} Tidak Ditemukan!`
export const stillOnLoan = (name: string, serial: string) =>
  `Kalibrator ${name} dengan Nomor Seri ${serial} Masih Belum Dikembalikan!`

function calibrators(client: QueryClientContract = db.connection()) {
  return client
    .from('calibrators as c')
    .join('units as n', 'n.id', 'c.unit_id')
    .select(
      'c.id',
      'c.name',
      'c.merk',
      'c.type_model',
      'c.serial_number',
      'c.calibrator_condition',
      'c.next_calibration_date',
      'n.name as unit'
    )
}

/** The calibrator and why it cannot be lent (null when it can). */
async function judge(
  client: QueryClientContract,
  raw: Record<string, any>,
  exceptLoanId?: number
): Promise<{ calibrator: LendableCalibrator; refusal: string | null }> {
  const holding = client
    .from('calibrator_loan_lines')
    .where('holding_calibrator_id', raw.id)
    .select('loan_id')
  if (exceptLoanId) holding.whereNot('loan_id', exceptLoanId)
  const held = await holding.first()
  const next = isoDate(raw.next_calibration_date)
  const condition = raw.calibrator_condition as CalibratorCondition
  const calibrator = new LendableCalibratorTransformer(raw as LendableRow, {
    available: !held,
    lab: labOfUnit(raw.unit),
  }).toObject()
  const named = `Kalibrator ${raw.name} dengan nomor seri ${raw.serial_number}`
  let refusal: string | null = null
  if (held) refusal = stillOnLoan(raw.name, raw.serial_number)
  else if (condition === 'Bad') refusal = `${named} dalam kondisi Tidak Baik: tidak dapat dipinjam.`
  else if (next && next < labToday())
    refusal = `${named} sudah lewat jadwal kalibrasinya (${formatDate(next)}): tidak dapat dipinjam.`
  return { calibrator, refusal }
}

/** GET /api/calibrator/data/search/{serial}: the calibrator, or the spec's message why not. */
export async function lookUpSerial(serial: string, exceptLoanId?: number) {
  const raw = await calibrators()
    .whereRaw('lower(c.serial_number) = ?', [serial.toLowerCase()])
    .first()
  if (!raw) return { calibrator: null, refusal: notFound(serial) }
  return judge(db.connection(), raw, exceptLoanId)
}

/** The chosen calibrators, each with its refusal, in the order given (inside the save). */
export async function judgeCalibrators(
  client: QueryClientContract,
  ids: number[],
  exceptLoanId?: number
) {
  const rows = await calibrators(client).whereIn('c.id', ids)
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  return Promise.all(
    ids.map(async (id) => {
      const raw = byId.get(id)
      if (!raw) return { calibrator: null, refusal: 'Kalibrator tidak ditemukan.' }
      return judge(client, raw, exceptLoanId)
    })
  )
}
