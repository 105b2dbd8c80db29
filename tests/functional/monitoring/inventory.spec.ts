import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import type User from '#models/user'
import {
  accountWithRole,
  listOutputs,
  makeAlkes,
  makeFacility,
  marker,
  pageAccessMismatches,
} from '#tests/functional/master_data/_support'
import { daysFromToday, makeInventory, testedDevice } from '#tests/functional/monitoring/_support'
import { inventoryQuery, namesContaining, seesFacilities } from '#queries/monitoring/inventory_rows'

const PATH = '/fasyankes/inventory'

type Row = {
  id: number
  fasyankes?: { fasyankes_name: string }
  alkes: { name: string }
  serial_number: string
  day_counter: number | null
  formatted_next_calibration_date: string
  not_fit: boolean
  mark: { state: string; label: string; tone: string }
  history_href: string | null
}

type Client = Parameters<typeof listOutputs>[0]

async function rowsOf(client: Client, user: User, qs: Record<string, string> = {}) {
  const response = await (client as any)
    .get(`${PATH}/datatable`)
    .qs({ limit: '100', ...qs })
    .loginAs(user)
  response.assertStatus(200)
  return response.body().data as Row[]
}

/** Two facilities, one device of the same fresh type each; the marker is in every name. */
async function twoFacilities() {
  const tag = marker('Inv')
  const alkes = await makeAlkes({ name: `Tensimeter ${tag}` })
  const mine = await makeFacility({ fasyankesName: `RS Milik ${tag}` })
  const theirs = await makeFacility({ fasyankesName: `RS Tetangga ${tag}` })
  const own = await makeInventory({
    fasyankesId: mine.facility.id,
    alkesId: alkes.id,
    serial: `SNMINE${tag}`,
    next: daysFromToday(40),
    merk: 'Omron',
    model: 'HEM-7120',
  })
  const other = await makeInventory({
    fasyankesId: theirs.facility.id,
    alkesId: alkes.id,
    serial: `SNOTHER${tag}`,
    next: daysFromToday(50),
    merk: 'Omron',
    model: 'HEM-7120',
  })
  return { tag, alkes, mine, theirs, own, other }
}

test.group('Inventory | who sees which facility', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk reads every facility, with the facility column in the JSON and both exports', async ({
    client,
    assert,
  }) => {
    const { tag, mine, theirs, own, other } = await twoFacilities()
    const admin = await accountWithRole('admin_pk')
    const rows = await rowsOf(client, admin, { alkes: tag })
    assert.deepEqual(
      rows.map((row) => row.id),
      [own, other]
    )
    assert.deepEqual(
      rows.map((row) => row.fasyankes?.fasyankes_name),
      [mine.facility.fasyankesName, theirs.facility.fasyankesName]
    )

    const outputs = await listOutputs(client, admin, PATH, { alkes: tag })
    assert.equal(outputs.excelHeaders[1], 'Fasyankes')
    assert.deepEqual(
      outputs.excel.rows.map((row) => row.Fasyankes),
      [mine.facility.fasyankesName, theirs.facility.fasyankesName]
    )
    assert.include(outputs.pdfText, mine.facility.fasyankesName)
    assert.include(outputs.pdfText, theirs.facility.fasyankesName)
    assert.include(outputs.pdfText, 'Fasyankes')
  })

  test('a facility reads only its own devices: no other facility in the JSON, the PDF or the Excel', async ({
    client,
    assert,
  }) => {
    const { tag, mine, theirs, own } = await twoFacilities()
    const account = mine.account
    const secrets = [theirs.facility.fasyankesName, `SNOTHER${tag}`]

    const rows = await rowsOf(client, account)
    assert.deepEqual(
      rows.map((row) => row.id),
      [own]
    )
    assert.notProperty(rows[0], 'fasyankes')

    // Asking for the other facility by name, by its serial, or by search changes nothing.
    const queries: Record<string, string>[] = [
      {},
      { fasyankes: theirs.facility.fasyankesName },
      { search: theirs.facility.fasyankesName },
      { search: `SNOTHER${tag}` },
      { serial_number: `SNOTHER${tag}` },
    ]
    for (const qs of queries) {
      // What the user typed comes back (the page links, the PDF's filter line): only that.
      const unechoed = (text: string) =>
        Object.values(qs).reduce((left, typed) => left.split(typed).join(''), text)
      const response = await client.get(`${PATH}/datatable`).qs(qs).loginAs(account)
      response.assertStatus(200)
      const body = unechoed(decodeURIComponent(JSON.stringify(response.body())))
      for (const secret of secrets) assert.notInclude(body, secret, JSON.stringify(qs))
      for (const row of response.body().data as Row[]) assert.equal(row.id, own)

      const outputs = await listOutputs(client, account, PATH, qs)
      assert.notInclude(outputs.excelHeaders, 'Fasyankes')
      const excel = unechoed(JSON.stringify(outputs.excel))
      const pdf = unechoed(outputs.pdfText)
      for (const secret of secrets) {
        assert.notInclude(excel, secret, `Excel ${JSON.stringify(qs)}`)
        assert.notInclude(pdf, secret, `PDF ${JSON.stringify(qs)}`)
      }
    }
    const outputs = await listOutputs(client, account, PATH, {})
    assert.include(outputs.pdfText, `SNMINE${tag}`)
    assert.deepEqual(
      outputs.excel.rows.map((row) => row['Nomor Seri']),
      [`SNMINE${tag}`]
    )
  })

  test('other staff (a lab head) read every facility but without its name anywhere', async ({
    client,
    assert,
  }) => {
    const { tag, mine, theirs, own, other } = await twoFacilities()
    const head = await accountWithRole('head_of_pk_laboratory')
    const response = await client.get(`${PATH}/datatable`).qs({ alkes: tag }).loginAs(head)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((row: Row) => row.id),
      [own, other]
    )
    const names = [mine.facility.fasyankesName, theirs.facility.fasyankesName]
    const outputs = await listOutputs(client, head, PATH, { alkes: tag })
    assert.notInclude(outputs.excelHeaders, 'Fasyankes')
    for (const name of names) {
      assert.notInclude(JSON.stringify(response.body()), name)
      assert.notInclude(JSON.stringify(outputs.excel), name)
      assert.notInclude(outputs.pdfText, name)
    }
    // The page says so too.
    const page = await client.get(PATH).loginAs(head).withInertia()
    page.assertStatus(200)
    assert.isFalse(page.inertiaProps.showFacility)
  })

  test('the page: title, sortable columns, the facility column and history links per role', async ({
    client,
    assert,
  }) => {
    for (const [role, shown, history] of [
      ['admin_pk', true, true],
      ['yantek', true, true],
      ['fasyankes', false, true],
      // The device history is behind the Alat Datang list, which admin_ukpr does not have.
      ['admin_ukpr', false, false],
    ] as const) {
      const response = await client
        .get(PATH)
        .loginAs(await accountWithRole(role))
        .withInertia()
      response.assertStatus(200)
      assert.equal(response.inertiaComponent, 'monitoring/inventory', role)
      assert.equal(response.inertiaProps.title, 'Data Inventory Fasyankes')
      assert.equal(response.inertiaProps.path, PATH)
      assert.equal(response.inertiaProps.showFacility, shown, role)
      assert.equal(response.inertiaProps.showHistory, history, role)
      assert.sameMembers(response.inertiaProps.sortable as string[], [
        'next_calibration_date',
        'day_counter',
      ])
    }
  })
})

test.group('Inventory | filters and order', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each filter narrows the list: facility, device, brand, model, serial, calibration month', async ({
    client,
    assert,
  }) => {
    const tag = marker('Flt')
    const meter = await makeAlkes({ name: `Tensimeter ${tag}` })
    const scale = await makeAlkes({ name: `Timbangan ${tag}` })
    const one = await makeFacility({ fasyankesName: `RS Satu ${tag}` })
    const two = await makeFacility({ fasyankesName: `RS Dua ${tag}` })
    const r1 = await makeInventory({
      fasyankesId: one.facility.id,
      alkesId: meter.id,
      merk: 'Omron',
      model: 'HEM-7120',
      serial: `AA${tag}1`,
      next: '2031-03-15',
    })
    const r2 = await makeInventory({
      fasyankesId: one.facility.id,
      alkesId: scale.id,
      merk: 'GEA',
      model: 'SMIC-150',
      serial: `BB${tag}2`,
      next: '2031-04-01',
    })
    const r3 = await makeInventory({
      fasyankesId: two.facility.id,
      alkesId: meter.id,
      merk: 'Omron',
      model: 'HEM-8712',
      serial: `CC${tag}3`,
      next: '2031-03-31',
    })
    const admin = await accountWithRole('admin_pk')
    // Every case also searches the marker, so rows of other tests and the demo data stay out.
    const cases: [Record<string, string>, number[]][] = [
      [{}, [r1, r3, r2]],
      [{ fasyankes: `satu ${tag}`.toLowerCase() }, [r1, r2]],
      [{ alkes: 'timbangan' }, [r2]],
      [{ merk: 'OMRON' }, [r1, r3]],
      [{ model: '8712' }, [r3]],
      [{ serial_number: `bb${tag}`.toLowerCase() }, [r2]],
      [{ calibration_month: '2031-03' }, [r1, r3]],
      [{ calibration_month: '2031-04' }, [r2]],
      [{ calibration_month: '2031-05' }, []],
      [{ merk: 'Omron', calibration_month: '2031-03', fasyankes: 'RS Dua' }, [r3]],
      // The search box looks in facility and device names, brand, model and serial.
      [{ search: `RS Dua ${tag}` }, [r3]],
      [{ search: `Timbangan ${tag}` }, [r2]],
      // Brand, model and serial through the inventory's trigram index, in any case.
      [{ search: `cc${tag}3`.toLowerCase() }, [r3]],
    ]
    for (const [qs, expected] of cases) {
      const rows = await rowsOf(client, admin, { search: tag, ...qs })
      assert.deepEqual(
        rows.map((row) => row.id),
        expected,
        JSON.stringify(qs)
      )
    }
    // The exports apply the same filters and name them.
    const outputs = await listOutputs(client, admin, PATH, {
      search: tag,
      calibration_month: '2031-03',
      merk: 'Omron',
    })
    assert.deepEqual(
      outputs.excel.rows.map((row) => row['Nomor Seri']),
      [`AA${tag}1`, `CC${tag}3`]
    )
    assert.include(outputs.pdfText, 'Bulan Kalibrasi Berikutnya: Maret 2031')
    assert.include(outputs.pdfText, 'Merk: Omron')
  })

  test('the search finds the same devices walking the list as from the indexes, for staff and a facility', async ({
    assert,
  }) => {
    const { tag, mine, own, other } = await twoFacilities()
    const admin = await accountWithRole('admin_pk')
    // Each way twice: with the names of device types and facilities read once for the search,
    // and asked by subquery (as when a term names too many of them).
    const idsOf = async (user: User, search: string, scan: boolean) => {
      const names = await namesContaining(search, seesFacilities(user))
      const found = []
      for (const searchNames of [names, undefined]) {
        const filters = { search, text_plan: { scan, total: null }, search_names: searchNames }
        const rows = await inventoryQuery(filters, user)
        found.push(rows.map((row: { id: number }) => Number(row.id)))
      }
      assert.deepEqual(found[0], found[1], `names read once or by subquery: ${search}`)
      return found[0]
    }
    const cases: [User, string, number[]][] = [
      [admin, `Tensimeter ${tag}`, [own, other]],
      [admin, `RS Tetangga ${tag}`, [other]],
      [admin, `snmine${tag}`.toLowerCase(), [own]],
      // A facility's search never reads other facilities' names, nor their devices.
      [mine.account, `RS Tetangga ${tag}`, []],
      [mine.account, `Tensimeter ${tag}`, [own]],
    ]
    for (const [user, search, expected] of cases) {
      assert.deepEqual(await idsOf(user, search, true), expected, `walked: ${search}`)
      assert.deepEqual(await idsOf(user, search, false), expected, `indexed: ${search}`)
    }
  })

  test('nearest next calibration first, then id; 20 rows a page unless asked; a chosen sort reverses it', async ({
    client,
    assert,
  }) => {
    const tag = marker('Ord')
    const alkes = await makeAlkes({ name: `Alat ${tag}` })
    const { facility, account } = await makeFacility()
    const ids: number[] = []
    for (let index = 0; index < 22; index++) {
      ids.push(
        await makeInventory({
          fasyankesId: facility.id,
          alkesId: alkes.id,
          serial: `SN${tag}${String(index).padStart(2, '0')}`,
          // Pairs share a date, so the id decides between them.
          next: daysFromToday(100 - Math.floor(index / 2)),
        })
      )
    }
    const expected = [...ids].sort((a, b) => {
      const day = (id: number) => Math.floor(ids.indexOf(id) / 2)
      return day(b) - day(a) || a - b
    })
    const first = await client.get(`${PATH}/datatable`).loginAs(account)
    first.assertStatus(200)
    assert.equal(first.body().per_page, 20)
    assert.equal(first.body().total, 22)
    assert.deepEqual(
      first.body().data.map((row: Row) => row.id),
      expected.slice(0, 20)
    )
    const second = await client.get(`${PATH}/datatable`).qs({ page: '2' }).loginAs(account)
    assert.deepEqual(
      second.body().data.map((row: Row) => row.id),
      expected.slice(20)
    )
    const reversed = await rowsOf(client, account, { sort: 'next_calibration_date', dir: 'desc' })
    assert.deepEqual(
      reversed.map((row) => row.id),
      [...expected].reverse()
    )
  })

  test('the default order is read from an index, for every facility and for one', async ({
    assert,
  }) => {
    for (const role of ['admin_pk', 'fasyankes'] as const) {
      const user = await accountWithRole(role)
      const { sql, bindings } = inventoryQuery({}, user).limit(20).toSQL()
      const plan = await db.rawQuery(`EXPLAIN QUERY PLAN ${sql}`, bindings as any[])
      const steps = (plan as { detail: string }[]).map((step) => step.detail).join('\n')
      assert.notInclude(steps, 'TEMP B-TREE', `${role}: no sort step\n${steps}`)
      assert.match(
        steps,
        /(SCAN|SEARCH) i USING INDEX inventories_(facility_)?next_calibration_id_idx/,
        `${role}\n${steps}`
      )
    }
  }).skip(
    () => db.connection().dialect.name === 'postgres',
    "PostgreSQL's planner sorts small tables instead of reading an index; the plan is SQLite's"
  )
})

test.group('Inventory | day counter and marks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    Settings.now = () => Date.now()
  })

  test('days to the next calibration and the marks: overdue red, due within 30 days amber, TIDAK LAIK', async ({
    client,
    assert,
  }) => {
    const tag = marker('Day')
    const alkes = await makeAlkes({ name: `Infusion Pump ${tag}` })
    const { facility, account } = await makeFacility()
    const item = (days: number, orderDeviceId?: number) =>
      makeInventory({
        fasyankesId: facility.id,
        alkesId: alkes.id,
        serial: `SN${tag}${days}`,
        next: daysFromToday(days),
        orderDeviceId,
      })
    for (const days of [-5, 0, 10, 30, 31]) await item(days)
    await item(100, await testedDevice(facility.id, alkes, false))
    await item(200, await testedDevice(facility.id, alkes, true))

    const rows = await rowsOf(client, account)
    // A device found TIDAK LAIK is not "due in 100 days": it has no counter and no date, but its
    // next step (issue 37, point 6).
    assert.deepEqual(
      rows.map((row) => row.day_counter),
      [-5, 0, 10, 30, 31, null, 200]
    )
    assert.equal(
      rows[5].formatted_next_calibration_date,
      'Tidak dijadwalkan: perbaikan atau penggantian'
    )
    assert.deepEqual(
      rows.map((row) => [row.mark.state, row.mark.label, row.mark.tone]),
      [
        ['overdue', 'Terlambat 5 hari', 'red'],
        ['due_soon', 'Jatuh tempo hari ini', 'amber'],
        ['due_soon', '10 hari lagi', 'amber'],
        ['due_soon', '30 hari lagi', 'amber'],
        ['scheduled', '31 hari lagi', 'emerald'],
        ['not_fit', 'TIDAK LAIK', 'red'],
        ['scheduled', '200 hari lagi', 'emerald'],
      ]
    )
    assert.deepEqual(
      rows.map((row) => row.not_fit),
      [false, false, false, false, false, true, false]
    )
    assert.include(rows[0].history_href ?? '', `serial=SN${tag}-5`)
    assert.include(rows[0].history_href ?? '', `alkes=${alkes.id}`)

    // The Excel holds the counter as a number and the mark as text.
    const outputs = await listOutputs(client, account, PATH, {})
    assert.deepEqual(
      outputs.excel.rows.map((row) => [row.Hari, row.Keterangan]),
      [
        ['-5', 'Terlambat 5 hari'],
        ['0', 'Jatuh tempo hari ini'],
        ['10', '10 hari lagi'],
        ['30', '30 hari lagi'],
        ['31', '-'],
        ['', 'TIDAK LAIK'],
        ['200', '-'],
      ]
    )
    assert.include(outputs.pdfText, 'Terlambat 5 hari')

    // The dashboard's monitor marks the same devices with the same words.
    const dashboard = await client.get('/dashboard').loginAs(account).withInertia()
    const monitor = dashboard.inertiaProps.recalibration as {
      id: number
      day_counter: number
      mark: Row['mark']
    }[]
    assert.deepEqual(
      monitor.map(({ id, day_counter: days, mark }) => ({ id, days, mark })),
      rows.map(({ id, day_counter: days, mark }) => ({ id, days, mark }))
    )
  })

  test("the day counter counts from the lab's today, not the server's UTC date", async ({
    client,
    assert,
  }) => {
    const tag = marker('Tz')
    const alkes = await makeAlkes({ name: `Alat ${tag}` })
    const { facility, account } = await makeFacility()
    await makeInventory({
      fasyankesId: facility.id,
      alkesId: alkes.id,
      serial: `SN${tag}`,
      next: '2031-03-11',
    })
    // 20:00 UTC on 10 March is already 11 March at the lab (UTC+8, Asia/Makassar).
    const evening = DateTime.fromISO('2031-03-10T20:00:00Z').toMillis()
    Settings.now = () => evening
    const rows = await rowsOf(client, account)
    assert.equal(rows[0].day_counter, 0)
    assert.equal(rows[0].mark.label, 'Jatuh tempo hari ini')
    assert.equal(rows[0].formatted_next_calibration_date, '11 Maret 2031')
  })
})

test.group('Inventory | refused input and roles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('bad table input answers 422 with a readable message, for the JSON and both exports', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    for (const query of [
      'calibration_month=abc',
      'calibration_month=2026-13',
      'calibration_month=2026-1',
      'limit=9999',
      'limit=abc',
      'page=0',
      'sort=fasyankes_name',
      'merk[]=Omron',
      `serial_number=${'x'.repeat(101)}`,
    ]) {
      for (const suffix of ['/datatable', '/print/pdf', '/print/excel']) {
        const response = await client.get(`${PATH}${suffix}?${query}`).loginAs(admin)
        assert.equal(response.status(), 422, `${suffix}?${query}`)
        assert.isString(response.body().message, `${suffix}?${query}`)
      }
    }
    const month = await client.get(`${PATH}/datatable?calibration_month=abc`).loginAs(admin)
    assert.equal(month.body().errors[0].field, 'calibration_month')
    assert.include(month.body().errors[0].message, 'Bulan kalibrasi')
  })

  test('the page is for the inventory roles: every role checked, facility included', async ({
    client,
    assert,
  }) => {
    const mismatches = await pageAccessMismatches(client as any, 'inventory.view', [
      [PATH, 'monitoring/inventory'],
    ])
    assert.deepEqual(mismatches, [])
  })

  test('human_resource and the treasurer get 403 on the JSON and exports, and no rows', async ({
    client,
    assert,
  }) => {
    for (const role of ['human_resource', 'treasurer'] as const) {
      const user = await accountWithRole(role)
      for (const suffix of ['', '/datatable', '/print/pdf', '/print/excel']) {
        const response = await client
          .get(`${PATH}${suffix}`)
          .header('accept', 'application/json')
          .loginAs(user)
        assert.equal(response.status(), 403, `${role} ${suffix}`)
        assert.notProperty(response.body() ?? {}, 'data')
      }
    }
  })
})
