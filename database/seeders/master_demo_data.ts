import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AlkesLaboratory, CalibratorCondition } from '#enums/master_data'
import demoDevices from './data/demo_devices.json' with { type: 'json' }
import demoCalibrators from './data/demo_calibrators.json' with { type: 'json' }
import { seedDemoTestPoints } from '#database/seeders/demo_test_points'
import { seedCalibratorHistory } from '#database/seeders/demo_calibrator_history'
import type { OrderType } from '#enums/order_types'

/**
 * Demo master data of issue 3: device types (alkes) with their PNBP-like
 * tariffs and work estimates for the PK, UKPR and Sarpras laboratories, and
 * the reference calibrators of the units PK, UKPR, SARPRAS and PDP with their
 * officers in charge. Loaded by seedDemoData (demo_data.ts) inside its
 * transaction, after the staff accounts exist. Never run in production.
 */

export interface DemoAlkes {
  name: string
  laboratory: AlkesLaboratory
  /** Only for UKPR devices. */
  category: string | null
  /** Tariff in whole rupiah. */
  price: number
  minuteEstimation: number
  alkesCode: string
  mkCode: string
  aspakCode: string
  certificateNumber: string
  totalPage: number
  recalibrationMonths: number
  isTuntungSeharian: boolean
  /** The services it is offered for (`alkes_services`). */
  services: OrderType[]
  pengujianIsKan: boolean
  kalibrasiIsKan: boolean
  hasLaikDescription: boolean
}

interface DeviceOptions {
  /** Recalibration interval, default 12 months. */
  months?: number
  /** Certificate pages, default 3. */
  pages?: number
  /** Same-day service (tuntung seharian), default false. */
  tuntung?: boolean
  /** Can be brought to the lab; default true for PK, false for UKPR and Sarpras. */
  internal?: boolean
  /** Can be served on site, default true. */
  insitu?: boolean
  /** KAN-accredited testing (pengujian), default false. */
  ujiKan?: boolean
  /** KAN-accredited calibration (kalibrasi), default false. */
  kalKan?: boolean
  /** Certificate carries a "laik pakai" statement, default true. */
  laik?: boolean
}

type Device = [name: string, price: number, minutes: number, options?: DeviceOptions]

interface DeviceGroup {
  /** UKPR category, null for PK and Sarpras. */
  category: string | null
  /** ASPAK group prefix; the code is `<prefix>.<nn>`. */
  aspak: string
  devices: Device[]
}

/** The device types of each laboratory, in groups (data/demo_devices.json). */
const DEVICE_GROUPS = demoDevices as unknown as Record<AlkesLaboratory, DeviceGroup[]>

const pad = (value: number, length = 3) => String(value).padStart(length, '0')

/** Codes per laboratory: alkes code, work-method (MK) number range, certificate template. */
const CODES: Record<AlkesLaboratory, { prefix: string; mk: number; year: number; cert: string }> = {
  PK: { prefix: 'PK', mk: 0, year: 17, cert: 'KAL/PK' },
  UKPR: { prefix: 'UKPR', mk: 100, year: 19, cert: 'UK/UKPR' },
  SARPRAS: { prefix: 'SPR', mk: 200, year: 20, cert: 'UJI/SPR' },
}

function devicesOf(laboratory: AlkesLaboratory, groups: DeviceGroup[]): DemoAlkes[] {
  const codes = CODES[laboratory]
  let number = 0
  return groups.flatMap((group) =>
    group.devices.map(([name, price, minutes, options = {}], index) => {
      number++
      return {
        name,
        laboratory,
        category: group.category,
        price,
        minuteEstimation: minutes,
        alkesCode: `${codes.prefix}-${pad(number)}`,
        // Work methods were issued over several years: MK <number>-<two-digit year>.
        mkCode: `MK ${pad(codes.mk + number)}-${codes.year + (number % 5)}`,
        aspakCode: `${group.aspak}.${pad(index + 1, 2)}`,
        certificateNumber: `${codes.cert}/${pad(number)}`,
        totalPage: options.pages ?? 3,
        recalibrationMonths: options.months ?? 12,
        isTuntungSeharian: options.tuntung ?? false,
        services: [
          ...((options.internal ?? laboratory === 'PK') ? (['internal'] as const) : []),
          ...((options.insitu ?? true) ? (['insitu'] as const) : []),
        ],
        pengujianIsKan: options.ujiKan ?? false,
        kalibrasiIsKan: options.kalKan ?? false,
        hasLaikDescription: options.laik ?? true,
      }
    })
  )
}

/** Device types of the three laboratories. */
export const DEMO_ALKES: DemoAlkes[] = [
  ...devicesOf('PK', DEVICE_GROUPS.PK),
  ...devicesOf('UKPR', DEVICE_GROUPS.UKPR),
  ...devicesOf('SARPRAS', DEVICE_GROUPS.SARPRAS),
]

/** A demo calibrator: its own columns by their names, then where it belongs. */
export interface DemoCalibrator {
  name: string
  merk: string
  type_model_category: 'Tipe' | 'Model'
  type_model: string
  serial_number: string
  channel_count: number
  calibrator_condition: CalibratorCondition
  unit: 'PK' | 'UKPR' | 'SARPRAS' | 'PDP'
  /** Email of the officer in charge, a member of the unit's laboratory. */
  officer: string
  /** Last calibration, YYYY-MM-DD; the next one is due a year later. */
  lastCalibration: string
}

type CalibratorRow = [
  name: string,
  merk: string,
  typeModelCategory: 'Tipe' | 'Model',
  typeModel: string,
  serialNumber: string,
  channelCount: number,
  officer: string,
  lastCalibration: string,
  condition?: CalibratorCondition,
]

/** The calibrators of each unit, one a line (data/demo_calibrators.json). */
const CALIBRATOR_ROWS = demoCalibrators as unknown as Record<
  DemoCalibrator['unit'],
  CalibratorRow[]
>

/**
 * Reference calibrators of the four units. A few are overdue for their own
 * calibration and a few fall due within a month (as of late November 2026),
 * so the recalibration reminders have something to show.
 */
export const DEMO_CALIBRATORS: DemoCalibrator[] = (
  Object.entries(CALIBRATOR_ROWS) as [DemoCalibrator['unit'], CalibratorRow[]][]
).flatMap(([unit, rows]) =>
  rows.map(
    ([
      name,
      merk,
      typeModelCategory,
      typeModel,
      serialNumber,
      channelCount,
      officer,
      last,
      condition,
    ]) => ({
      name,
      merk,
      type_model_category: typeModelCategory,
      type_model: typeModel,
      serial_number: serialNumber,
      channel_count: channelCount,
      calibrator_condition: condition ?? 'Good',
      unit,
      officer,
      lastCalibration: last,
    })
  )
)

/** The due date of a calibrator's next calibration: a year after the last one. */
export function nextCalibrationDate(last: string) {
  return DateTime.fromISO(last, { zone: 'utc' }).plus({ years: 1 }).toISODate()!
}

/**
 * Inserts the demo device types and calibrators. Runs inside seedDemoData's
 * transaction, after the staff accounts: each calibrator's officer in charge is
 * looked up by email and its unit by name.
 */
export async function seedMasterDemoData(trx: TransactionClientContract) {
  const now = DateTime.utc().toSQL({ includeOffset: false })
  // The dates were written as of 2026-11-22; shifting them to the day the data is loaded keeps
  // the same mix of overdue, due-soon and current calibrators whenever the demo is installed.
  const shift = Math.round(
    DateTime.utc()
      .startOf('day')
      .diff(DateTime.fromISO('2026-11-22', { zone: 'utc' }), 'days').days
  )
  const shifted = (date: string) =>
    DateTime.fromISO(date, { zone: 'utc' }).plus({ days: shift }).toISODate()!
  const stamps = { created_at: now, updated_at: now }

  const alkesRows = DEMO_ALKES.map((alkes) => ({
    name: alkes.name,
    laboratory: alkes.laboratory,
    category: alkes.category,
    price: alkes.price,
    minute_estimation: alkes.minuteEstimation,
    alkes_code: alkes.alkesCode,
    mk_code: alkes.mkCode,
    aspak_code: alkes.aspakCode,
    certificate_number: alkes.certificateNumber,
    total_page: alkes.totalPage,
    recalibration_months: alkes.recalibrationMonths,
    is_tuntung_seharian: alkes.isTuntungSeharian,
    pengujian_is_kan: alkes.pengujianIsKan,
    kalibrasi_is_kan: alkes.kalibrasiIsKan,
    has_laik_description: alkes.hasLaikDescription,
    ...stamps,
  }))
  for (let i = 0; i < alkesRows.length; i += 50) {
    await trx.table('alkes').multiInsert(alkesRows.slice(i, i + 50))
  }
  const storedAlkes = await trx.from('alkes').select('id', 'alkes_code')
  const alkesIds = new Map(storedAlkes.map((row) => [row.alkes_code as string, Number(row.id)]))
  const serviceRows = DEMO_ALKES.flatMap((alkes) =>
    alkes.services.map((type) => ({ alkes_id: alkesIds.get(alkes.alkesCode)!, order_type: type }))
  )
  for (let i = 0; i < serviceRows.length; i += 200) {
    await trx.table('alkes_services').multiInsert(serviceRows.slice(i, i + 200))
  }
  // The common device types' test templates (issue 15).
  await seedDemoTestPoints(trx)

  const unitRows = await trx.from('units').select('id', 'name')
  const units = new Map(unitRows.map((row) => [row.name, Number(row.id)]))
  const emails = [...new Set(DEMO_CALIBRATORS.map((calibrator) => calibrator.officer))]
  const officerRows = await trx.from('users').whereIn('email', emails).select('id', 'email')
  const officers = new Map(officerRows.map((row) => [row.email, Number(row.id)]))

  const calibratorRows = DEMO_CALIBRATORS.map(({ unit, officer, lastCalibration, ...columns }) => {
    const unitId = units.get(unit)
    const officerId = officers.get(officer)
    if (unitId === undefined) throw new Error(`Demo data: unit ${unit} is missing`)
    if (officerId === undefined) throw new Error(`Demo data: no officer ${officer}`)
    return {
      ...columns,
      bpfk_user_id: officerId,
      unit_id: unitId,
      is_available: true,
      last_calibration_date: shifted(lastCalibration),
      next_calibration_date: shifted(nextCalibrationDate(lastCalibration)),
      ...stamps,
    }
  })
  for (let i = 0; i < calibratorRows.length; i += 50) {
    await trx.table('calibrators').multiInsert(calibratorRows.slice(i, i + 50))
  }
  // Their own calibrations, agreeing with the dates above (issue 15).
  const serials = calibratorRows.map((row) => row.serial_number)
  await seedCalibratorHistory(trx, serials, shifted)
}
