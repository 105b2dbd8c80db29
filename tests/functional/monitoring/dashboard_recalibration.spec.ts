import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#models/user'
import {
  accountWithRole,
  makeAlkes,
  makeFacility,
  marker,
} from '#tests/functional/master_data/_support'
import { daysFromToday, makeInventory } from '#tests/functional/monitoring/_support'

type MonitorRow = {
  id: number
  fasyankes_name: string | null
  alkes: string
  day_counter: number
  mark: { state: string; label: string }
}

async function dashboard(client: any, user: User) {
  const response = await client.get('/dashboard').loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as {
    recalibration: MonitorRow[]
    inventoryHref: string | null
    showOrderColumns: boolean
  }
}

/**
 * Spec part 1, Monitoring Rekalibrasi terdekat: No, Fasyankes (yantek and admin_pk only),
 * the device as name, brand, model and serial, the next calibration, the day counter.
 */
test.group('Dashboard | recalibration monitor', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the ten nearest devices, the device in one line, overdue marked, and a link to the whole inventory', async ({
    client,
    assert,
  }) => {
    const tag = marker('Mon')
    const alkes = await makeAlkes({ name: `Tensimeter ${tag}` })
    const { facility, account } = await makeFacility({ fasyankesName: `RS Pantau ${tag}` })
    const ids: number[] = []
    for (let index = 0; index < 12; index++)
      ids.push(
        await makeInventory({
          fasyankesId: facility.id,
          alkesId: alkes.id,
          merk: 'Omron',
          model: 'HEM-7120',
          serial: `SN${tag}${index}`,
          next: daysFromToday(index - 3),
        })
      )

    const own = await dashboard(client, account)
    assert.equal(own.inventoryHref, '/fasyankes/inventory')
    assert.isFalse(own.showOrderColumns)
    assert.deepEqual(
      own.recalibration.map((row) => row.id),
      ids.slice(0, 10)
    )
    assert.equal(own.recalibration[0].alkes, `Tensimeter ${tag} / Omron / HEM-7120 / SN${tag}0`)
    assert.equal(own.recalibration[0].day_counter, -3)
    assert.deepEqual(own.recalibration[0].mark, {
      state: 'overdue',
      label: 'Terlambat 3 hari',
      tone: 'red',
    })
    // The facility column is not sent to a facility.
    for (const row of own.recalibration) assert.isNull(row.fasyankes_name)

    // Staff who see every facility get its name. Their ten nearest are the most overdue of
    // all facilities, so this facility's device is pushed far into the past to be among them.
    await makeInventory({
      fasyankesId: facility.id,
      alkesId: alkes.id,
      serial: `SN${tag}old`,
      next: '1990-01-01',
    })
    const admin = await dashboard(client, await accountWithRole('admin_pk'))
    assert.isTrue(admin.showOrderColumns)
    const oldest = admin.recalibration.find((row) => row.alkes.endsWith(`SN${tag}old`))
    assert.equal(oldest?.fasyankes_name, `RS Pantau ${tag}`)
    assert.isAtMost(admin.recalibration.length, 10)
  })
})
