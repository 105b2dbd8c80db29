import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { baseUrl, person, until } from '#tests/helpers/browser'
import { makeFacility, marker } from '#tests/functional/master_data/_support'

const SHOTS = '/tmp/shots-monitoring'

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  // Leaflet fades popups in and pans the map to fit them: let that finish first.
  await page.waitForTimeout(500)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A facility at a known place (null: that coordinate is not filled in). */
async function facilityAt(latitude: number | null, longitude: number | null, name: string) {
  const { facility } = await makeFacility({ fasyankesName: name })
  await db.from('fasyankes').where('id', facility.id).update({ latitude, longitude })
  return facility
}

/** Facilities on the map as the page shows them: single pins plus the numbers on the clusters. */
function pinsOnMap(page: Page) {
  return page.evaluate(() => {
    const map = (globalThis as any).document.querySelector('[data-testid="facility-map"]')
    const pins = map.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)').length
    const clustered = [...map.querySelectorAll('.marker-cluster')].reduce(
      (sum: number, cluster: any) => sum + Number(cluster.textContent),
      0
    )
    return pins + clustered
  }) as Promise<number>
}

/** No internet on the test machine: every tile request is refused, and the map must not mind. */
async function withoutTiles(page: Page) {
  const asked: string[] = []
  await page.route('**/tile.openstreetmap.org/**', (route) => {
    asked.push(route.request().url())
    return route.abort()
  })
  return asked
}

/**
 * Opens the map. The first visit of a run may meet Vite bundling the map's libraries for its
 * dev server (they load with this page only), which reloads the page: then it is opened again.
 */
async function openMap(page: Page) {
  const heading = page.getByRole('heading', { name: 'Persebaran Fasyankes' })
  await page.goto(`${baseUrl()}/fasyankes/map`)
  try {
    await heading.waitFor({ timeout: 20_000 })
  } catch {
    await page.goto(`${baseUrl()}/fasyankes/map`)
    await heading.waitFor()
  }
}

async function figure(page: Page, testId: string) {
  const text = await page.getByTestId(testId).innerText()
  return Number(text.replace(/\./g, ''))
}

async function countFacilities(placedOnly: boolean) {
  const query = db.from('fasyankes')
  if (placedOnly) query.whereNotNull('latitude').whereNotNull('longitude')
  const row = await query.count('* as n').first()
  return Number(row?.n)
}

test.group('Facility map in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('every facility with coordinates is on the map at its true place, and a pin opens its popup', async ({
    browser,
    assert,
  }) => {
    const tag = marker('Peta')
    // Far from the demo facilities, so each stays a single pin at the first zoom: Jakarta is
    // south-west of the map's centre, Sabang north-west and further west.
    const jakarta = await facilityAt(-6.2, 106.8, `RS Jakarta ${tag}`)
    const sabang = await facilityAt(5.8926, 95.3238, `RS Sabang ${tag}`)
    await facilityAt(null, null, `RS Tanpa Titik ${tag}`)
    const placed = await countFacilities(true)
    const total = await countFacilities(false)

    const page = await person(browser, 'yantek@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    const tiles = await withoutTiles(page)
    await openMap(page)
    assert.equal(await figure(page, 'facility-total'), total)
    assert.equal(await figure(page, 'facility-mapped'), placed)
    assert.equal(await figure(page, 'facility-unmapped'), total - placed)
    await page.getByText(/fasyankes belum memiliki Latitude dan Longitude/).waitFor()

    // The map is 600 px high; pins and clusters together count every placed facility.
    const map = page.getByTestId('facility-map')
    await map.locator('.leaflet-marker-icon').first().waitFor()
    assert.equal(Math.round((await map.boundingBox())!.height), 600)
    await until(async () => (await pinsOnMap(page)) === placed, 20_000).catch(() => {})
    assert.equal(await pinsOnMap(page), placed)
    assert.isAbove(tiles.length, 0, 'the tiles were asked for (and refused)')

    // Latitude is north-south, longitude east-west: not swapped.
    const box = (await map.boundingBox())!
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    const pin = (name: string) => map.locator(`img.leaflet-marker-icon[title="${name}"]`)
    const west = (await pin(jakarta.fasyankesName).boundingBox())!
    const north = (await pin(sabang.fasyankesName).boundingBox())!
    assert.isBelow(west.x, centre.x, 'Jakarta lies west of the centre')
    assert.isAbove(west.y, centre.y, 'Jakarta lies south of the centre')
    assert.isBelow(north.y, centre.y, 'Sabang lies north of the centre')
    assert.isBelow(north.x, west.x, 'Sabang lies west of Jakarta')

    // The pin's picture is the app's own (bundled), not a CDN's.
    const src = (await pin(jakarta.fasyankesName).getAttribute('src')) ?? ''
    assert.match(src, /^(data:image\/png|\/|http:\/\/localhost)/)
    await shot(page, 'facility-map-1366')

    await pin(jakarta.fasyankesName).click()
    const popup = page.locator('.leaflet-popup-content')
    await popup.getByText(jakarta.fasyankesName).waitFor()
    assert.include(await popup.innerText(), jakarta.address!)
    // yantek may edit facilities: the popup links to the edit page.
    assert.equal(
      await popup.getByRole('link', { name: 'Ubah data fasyankes' }).getAttribute('href'),
      `/fasyankes/data/${jakarta.id}/edit`
    )
    await shot(page, 'facility-map-popup')
  })

  test('on a 375 px phone the map fits the width; human_resource sees it without the edit link', async ({
    browser,
    assert,
  }) => {
    const tag = marker('Hp')
    // Within the narrow map's view and far enough from the demo facilities to stay a pin.
    const pontianak = await facilityAt(-0.0263, 109.3425, `RS Pontianak ${tag}`)
    const page = await person(browser, 'human_resource@kalibra.test', {
      viewport: { width: 375, height: 800 },
    })
    await withoutTiles(page)
    await openMap(page)
    const map = page.getByTestId('facility-map')
    const pin = map.locator(`img.leaflet-marker-icon[title="${pontianak.fasyankesName}"]`)
    await pin.waitFor()
    const box = (await map.boundingBox())!
    assert.isAtMost(box.x + box.width, 375)
    assert.equal(Math.round(box.height), 600)
    const overflow = await page.evaluate(
      () => (globalThis as any).document.documentElement.scrollWidth as number
    )
    assert.isAtMost(overflow, 375, 'no sideways scrolling')
    await shot(page, 'facility-map-375')

    await pin.click()
    const popup = page.locator('.leaflet-popup-content')
    await popup.getByText(pontianak.fasyankesName).waitFor()
    // human_resource may not edit facilities: no link to the edit page.
    assert.equal(await popup.getByRole('link', { name: 'Ubah data fasyankes' }).count(), 0)
    await shot(page, 'facility-map-375-popup')
  })
})
