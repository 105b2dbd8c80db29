import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import { DateTime } from 'luxon'
import Inventory from '#models/inventory'
import { labNow } from '#services/format'
import { sendReminders } from '#notifications/reminders'
import { recalibrationDue } from '#queries/monitoring/recalibration_due'
import {
  makeAlkes,
  makeOrder,
  userByEmail,
  userWithRole,
  OTHER_FACILITY_EMAIL,
} from '#tests/functional/internal_orders/_support'
import { offerServices } from '#tests/factories/device_types'

const DAY = '2026-12-01'

/** A device of the facility whose next calibration is `due`. */
async function deviceDue(fasyankesId: number, due: string, serial: string) {
  const alkes = await makeAlkes({ name: `Suction Pump ${serial}` })
  return Inventory.create({
    fasyankesId,
    alkesId: alkes.id,
    merk: 'Yuwell',
    model: '7A-23D',
    serialNumber: serial,
    lastCalibrationDate: DateTime.fromISO(due).minus({ years: 1 }),
    nextCalibrationDate: DateTime.fromISO(due),
    orderDeviceId: null,
  } as any)
}

/** Issue 17, point 3: recalibration reminders, 30 days before and on the due date, once each. */
test.group('Notifications | recalibration reminders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('30 days before and on the due date, once each however often the job runs', async ({
    assert,
  }) => {
    const facility = await userWithRole('fasyankes')
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const inMonth = await deviceDue(facility.fasyankesId!, '2026-12-20', 'RM-SOON-1')
    const today = await deviceDue(facility.fasyankesId!, DAY, 'RM-TODAY-1')
    await deviceDue(facility.fasyankesId!, '2027-02-01', 'RM-LATER-1')
    await deviceDue(other.fasyankesId!, '2026-12-10', 'RM-OTHER-1')
    const before = await db.from('notices').max('id as id').first()

    const first = await sendReminders(DAY)
    assert.isAtLeast(first.devices, 3)
    const notices = await db
      .from('notices')
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('id')
    const mine = notices.filter((notice) => Number(notice.user_id) === facility.id)
    assert.deepEqual(mine.map((notice) => notice.title).sort(), [
      'Kalibrasi ulang dalam 30 hari',
      'Kalibrasi ulang jatuh tempo',
    ])
    const soon = mine.find((notice) => notice.title === 'Kalibrasi ulang dalam 30 hari')
    assert.include(soon.body, 'RM-SOON-1')
    assert.include(soon.body, '20 Desember 2026')
    assert.notInclude(soon.body, 'RM-LATER-1')
    assert.notInclude(soon.body, 'RM-OTHER-1', "another facility's device is not listed")
    const due = mine.find((notice) => notice.title === 'Kalibrasi ulang jatuh tempo')
    assert.include(due.body, 'RM-TODAY-1')
    assert.isTrue(
      notices.some(
        (notice) => Number(notice.user_id) === other.id && notice.body.includes('RM-OTHER-1')
      )
    )
    const sent = await db.from('reminders_sent').whereIn('inventory_id', [inMonth.id, today.id])
    assert.lengthOf(sent, 2)

    // The same day again, and by hand: nothing new.
    await sendReminders(DAY)
    const command = await ace.exec('kalibra:reminders', ['--date', DAY])
    assert.equal(command.exitCode, 0)
    const after = await db.from('notices').where('id', '>', Number(before?.id ?? 0))
    assert.lengthOf(after, notices.length)

    // On the due day of the first device, its second reminder.
    await sendReminders('2026-12-20')
    const onDay = await db
      .from('notices')
      .where('user_id', facility.id)
      .where('title', 'Kalibrasi ulang jatuh tempo')
      .orderBy('id', 'desc')
      .first()
    assert.include(onDay.body, 'RM-SOON-1')
  })

  test('a device last found TIDAK LAIK is out of use: no reminder is due for it (issue 37)', async ({
    assert,
  }) => {
    const facility = await userWithRole('fasyankes')
    const fit = await deviceDue(facility.fasyankesId!, DAY, 'RM-FIT-1')
    const failed = await deviceDue(facility.fasyankesId!, DAY, 'RM-FAILED-1')
    const { devices } = await makeOrder({ status: 'SELESAI', fasyankesId: facility.fasyankesId! })
    await db.from('order_devices').where('id', devices[0].id).update({ is_laik: false })
    await db.from('inventories').where('id', failed.id).update({ order_device_id: devices[0].id })
    await sendReminders(DAY)
    const sent = await db.from('reminders_sent').whereIn('inventory_id', [fit.id, failed.id])
    assert.deepEqual(
      sent.map((row) => Number(row.inventory_id)),
      [fit.id]
    )
    // Nor does the facility's dashboard list it as due.
    const due = await recalibrationDue(facility)
    const serials = due!.items.map((item) => item.serial_number)
    assert.include(serials, 'RM-FIT-1')
    assert.notInclude(serials, 'RM-FAILED-1')
  })

  test('the facility dashboard lists its devices due and pre-fills a request with them', async ({
    client,
    assert,
  }) => {
    const facility = await userWithRole('fasyankes')
    // The lab's today, not the test machine's: after 16:00 UTC they differ.
    const soon = labNow().plus({ days: 10 }).toISODate()!
    const device = await deviceDue(facility.fasyankesId!, soon, 'RM-DASH-1')
    await offerServices({ id: device.alkesId }, ['internal'])
    const onSiteOnly = await deviceDue(facility.fasyankesId!, soon, 'RM-DASH-2')
    await offerServices({ id: onSiteOnly.alkesId }, ['insitu'])
    const page = await client.get('/dashboard').loginAs(facility).withInertia()
    page.assertStatus(200)
    const due = (page.inertiaProps as any).recalibrationDue
    const item = due.items.find((row: any) => row.serial_number === 'RM-DASH-1')
    assert.exists(item)
    assert.equal(item.days, 10)
    assert.isTrue(item.requestable)
    // A type the lab does not take in as Alat Datang is listed, but not offered for the request.
    const onSiteItem = due.items.find((row: any) => row.serial_number === 'RM-DASH-2')
    assert.isFalse(onSiteItem.requestable)
    const offered = new URL(due.requestHref, 'http://x').searchParams.get('inventory')!.split(',')
    assert.include(offered, String(device.id))
    assert.notInclude(offered, String(onSiteOnly.id))
    assert.match(due.requestHref, /^\/internal\/create\?inventory=/)

    const form = await client.get(due.requestHref).loginAs(facility).withInertia()
    form.assertStatus(200)
    const line = (form.inertiaProps as any).lines.find(
      (row: any) => row.alkes_id === device.alkesId
    )
    assert.equal(line.quantity, 1)
    assert.include(line.description, 'RM-DASH-1')

    // Another facility asking for these devices gets an empty form.
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client
      .get(`/internal/create?inventory=${device.id}`)
      .loginAs(other)
      .withInertia()
    assert.deepEqual((foreign.inertiaProps as any).lines, [])
    const staff = await client
      .get('/dashboard')
      .loginAs(await userWithRole('yantek'))
      .withInertia()
    assert.isNull((staff.inertiaProps as any).recalibrationDue)
  })
})
