import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  accountWithRole,
  makeFacility,
  marker,
  pageAccessMismatches,
} from '#tests/functional/master_data/_support'

const PATH = '/fasyankes/map'

type Point = { id: number; name: string; address: string | null; lat: number; lng: number }

/** A facility placed where the test says (null: that coordinate is not filled in). */
async function facilityAt(latitude: number | null, longitude: number | null, name?: string) {
  const { facility } = await makeFacility(name ? { fasyankesName: name } : {})
  await db.from('fasyankes').where('id', facility.id).update({ latitude, longitude })
  return facility
}

test.group('Facility map', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the props carry exactly the facilities with both coordinates, latitude and longitude not swapped', async ({
    client,
    assert,
  }) => {
    const tag = marker('Map')
    const jakarta = await facilityAt(-6.2, 106.8, `RS Jakarta ${tag}`)
    const manado = await facilityAt(1.4748, 124.8421, `RS Manado ${tag}`)
    const halfPlaced = await facilityAt(-5.1, null)
    const unplaced = await facilityAt(null, null)

    const response = await client
      .get(PATH)
      .loginAs(await accountWithRole('yantek'))
      .withInertia()
    response.assertStatus(200)
    assert.equal(response.inertiaComponent, 'monitoring/facility_map')
    const props = response.inertiaProps as {
      total: number
      withoutCoordinates: number
      facilities: Point[]
    }

    const placed = await db
      .from('fasyankes')
      .whereNotNull('latitude')
      .whereNotNull('longitude')
      .select('id')
    const total = await db.from('fasyankes').count('* as n').first()
    assert.sameMembers(
      props.facilities.map((point) => point.id),
      placed.map((row) => Number(row.id))
    )
    assert.equal(props.total, Number(total?.n))
    assert.equal(props.withoutCoordinates, Number(total?.n) - placed.length)
    assert.isAtLeast(props.withoutCoordinates, 2)

    const byId = new Map(props.facilities.map((point) => [point.id, point]))
    assert.deepEqual(byId.get(jakarta.id), {
      id: jakarta.id,
      name: `RS Jakarta ${tag}`,
      address: jakarta.address,
      lat: -6.2,
      lng: 106.8,
    })
    assert.equal(byId.get(manado.id)?.lat, 1.4748)
    assert.equal(byId.get(manado.id)?.lng, 124.8421)
    assert.isFalse(byId.has(halfPlaced.id))
    assert.isFalse(byId.has(unplaced.id))
    // Only what a pin and its popup show.
    for (const point of props.facilities)
      assert.sameMembers(Object.keys(point), ['id', 'name', 'address', 'lat', 'lng'])
  })

  test('the tiles come from the configuration (OpenStreetMap by default)', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get(PATH)
      .loginAs(await accountWithRole('admin_pk'))
      .withInertia()
    const tiles = response.inertiaProps.tiles as { url: string; attribution: string }
    assert.equal(tiles.url, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    assert.include(tiles.attribution, 'OpenStreetMap')
  })

  test('the popup links to the edit page only for who may edit facilities', async ({
    client,
    assert,
  }) => {
    for (const [role, editPath] of [
      ['yantek', '/fasyankes/data'],
      ['admin_pk', null],
      ['human_resource', null],
    ] as const) {
      const response = await client
        .get(PATH)
        .loginAs(await accountWithRole(role))
        .withInertia()
      response.assertStatus(200)
      assert.equal(response.inertiaProps.editPath, editPath, role)
    }
  })

  test('human_resource opens the map; the treasurer and a facility get 403', async ({
    client,
    assert,
  }) => {
    for (const [role, status] of [
      ['human_resource', 200],
      ['treasurer', 403],
      ['fasyankes', 403],
    ] as const) {
      const response = await client
        .get(PATH)
        .loginAs(await accountWithRole(role))
        .withInertia()
      assert.equal(response.status(), status, role)
    }
    const mismatches = await pageAccessMismatches(client as any, 'fasyankes.view', [
      [PATH, 'monitoring/facility_map'],
    ])
    assert.deepEqual(mismatches, [])
  })
})
