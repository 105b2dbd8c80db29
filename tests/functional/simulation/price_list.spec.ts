import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type { AlkesLaboratory } from '#enums/master_data'
import { makeAlkes, marker } from '#tests/functional/master_data/_support'
import { FACILITY_EMAIL, userByEmail } from '#tests/functional/internal_orders/_support'

type Item = { id: number; name: string; price: number }
type Tab = { key: string; label: string; shortLabel: string; items: Item[] }

const LABS: [string, AlkesLaboratory][] = [
  ['pk', 'PK'],
  ['ukpr', 'UKPR'],
  ['sarpras', 'SARPRAS'],
]

/** GET /simulation as Inertia; the page's tabs (and asserts the page and status). */
async function openSimulation(client: ApiClient, user?: User) {
  const request = client.get('/simulation').withInertia()
  const response = await (user ? request.loginAs(user) : request)
  response.assertStatus(200)
  if (response.inertiaComponent !== 'simulation/index')
    throw new Error(`component ${response.inertiaComponent}`)
  return { response, tabs: response.inertiaProps.tabs as Tab[] }
}

const tabOf = (tabs: Tab[], key: string) => tabs.find((tab) => tab.key === key)!

/** Every device type of a lab as the master data holds it, sorted like the page. */
async function masterList(laboratory: AlkesLaboratory): Promise<Item[]> {
  const rows = await db.from('alkes').where('laboratory', laboratory).select('id', 'name', 'price')
  const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true })
  return rows
    .map((row) => ({ id: Number(row.id), name: row.name, price: Number(row.price) }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
}

/** Issue 14.4: the public tariff simulation's price lists come from the device master data. */
test.group('Simulation | public price lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest gets 200 with tabs pk, ukpr, sarpras equal to each lab of the master data', async ({
    client,
    assert,
  }) => {
    const tag = marker('Sim')
    const made = {
      pk: await makeAlkes({ name: `Simulasi ${tag} Monitor`, laboratory: 'PK', price: 612_345 }),
      ukpr: await makeAlkes({
        name: `Simulasi ${tag} Rontgen`,
        laboratory: 'UKPR',
        price: 7_654_321,
      }),
      sarpras: await makeAlkes({
        name: `Simulasi ${tag} Genset`,
        laboratory: 'SARPRAS',
        price: 1_234_567,
      }),
    }

    const { tabs } = await openSimulation(client)
    assert.deepEqual(
      tabs.map((tab) => tab.key),
      ['pk', 'ukpr', 'sarpras']
    )
    for (const [key, laboratory] of LABS) {
      const tab = tabOf(tabs, key)
      assert.isString(tab.label)
      assert.deepEqual(tab.items, await masterList(laboratory), `${key}: the master data`)
    }

    // Each new device type is in its own lab's tab, with its exact price, and in no other.
    for (const [key, alkes] of Object.entries(made)) {
      for (const tab of tabs) {
        const found = tab.items.filter((item) => item.id === alkes.id)
        if (tab.key === key)
          assert.deepEqual(found, [{ id: alkes.id, name: alkes.name, price: alkes.price }], key)
        else assert.deepEqual(found, [], `${alkes.name} is not in ${tab.key}`)
      }
    }
  })

  test('items carry only id, name and a whole-rupiah price, sorted by name', async ({
    client,
    assert,
  }) => {
    const tag = marker('Srt')
    // Made out of order, in mixed case: the tab sorts them by name regardless.
    await makeAlkes({ name: `zeta ${tag}`, laboratory: 'UKPR', price: 1 })
    await makeAlkes({ name: `Alfa ${tag}`, laboratory: 'UKPR', price: 2 })
    await makeAlkes({ name: `beta ${tag}`, laboratory: 'UKPR', price: 3 })

    const { response, tabs } = await openSimulation(client)
    for (const tab of tabs) {
      for (const item of tab.items) {
        assert.deepEqual(Object.keys(item).sort(), ['id', 'name', 'price'])
        assert.isTrue(Number.isSafeInteger(item.price), `${item.name}: ${item.price}`)
      }
    }
    const ours = tabOf(tabs, 'ukpr')
      .items.filter((item) => item.name.endsWith(tag))
      .map((item) => item.name)
    assert.deepEqual(ours, [`Alfa ${tag}`, `beta ${tag}`, `zeta ${tag}`])

    // Nothing else of the master data leaves the server (codes, estimates, certificates).
    const json = JSON.stringify(response.inertiaProps)
    for (const field of ['alkes_code', 'alkesCode', 'minute', 'certificate', 'mk_code', 'aspak'])
      assert.notInclude(json, field)
  })

  test('a lab without device types answers an empty tab', async ({ client, assert }) => {
    // Only inside this test's transaction: every Sarpras type moves to PK.
    const moved = await db.from('alkes').where('laboratory', 'SARPRAS').update({ laboratory: 'PK' })
    assert.isAbove(Number(moved), 0)
    const { tabs } = await openSimulation(client)
    assert.deepEqual(tabOf(tabs, 'sarpras').items, [])
    assert.deepEqual(tabOf(tabs, 'pk').items, await masterList('PK'))
  })

  test('a signed-in facility user gets the same page', async ({ client, assert }) => {
    const tag = marker('Fac')
    const alkes = await makeAlkes({ name: `Simulasi ${tag}`, laboratory: 'PK', price: 450_000 })
    const guest = await openSimulation(client)
    const facility = await openSimulation(client, await userByEmail(FACILITY_EMAIL))
    assert.deepEqual(facility.tabs, guest.tabs)
    assert.deepInclude(tabOf(facility.tabs, 'pk').items, {
      id: alkes.id,
      name: alkes.name,
      price: 450_000,
    })
    assert.isNotNull(facility.response.inertiaProps.auth, 'the page knows who is signed in')
  })
})
