/**
 * Fixtures of the monitoring tests (issue 14): facility inventory rows put straight into
 * the database, dated relative to the lab's today. Not a spec file.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { insertedId } from '#services/query_results'
import { labToday } from '#services/format'
import { makeOrder } from '#tests/functional/internal_orders/_support'
import type Alkes from '#models/alkes'

/** The lab's today moved by `days` (negative: in the past), as YYYY-MM-DD. */
export function daysFromToday(days: number) {
  return DateTime.fromISO(labToday()).plus({ days }).toISODate()!
}

/** One device of a facility's inventory; its id. */
export async function makeInventory(item: {
  fasyankesId: number
  alkesId: number
  serial: string
  next: string
  last?: string
  merk?: string | null
  model?: string | null
  orderDeviceId?: number | null
}) {
  const [row] = await db
    .table('inventories')
    .insert({
      fasyankes_id: item.fasyankesId,
      alkes_id: item.alkesId,
      merk: item.merk ?? null,
      model: item.model ?? null,
      serial_number: item.serial,
      last_calibration_date: item.last ?? '2020-01-01',
      next_calibration_date: item.next,
      order_device_id: item.orderDeviceId ?? null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return insertedId(row)
}

/** A finished device line of the facility whose worksheet found it LAIK or TIDAK LAIK; its id. */
export async function testedDevice(fasyankesId: number, alkes: Alkes, laik: boolean) {
  const { devices } = await makeOrder({
    status: 'SELESAI',
    devices: 1,
    deviceStatus: 'SELESAI',
    fasyankesId,
    alkes,
  })
  await db.from('order_devices').where('id', devices[0].id).update({ is_laik: laik })
  return devices[0].id
}
