import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type Alkes from '#models/alkes'
import AlkesTestPoint from '#models/alkes_test_point'
import type { AlkesLaboratory } from '#enums/master_data'
import { DEMO_TEST_TEMPLATES, seedDemoTestPoints } from '#database/seeders/demo_test_points'
import { testPointsValidator } from '#validators/alkes_test_points'
import {
  XLSX_MIME,
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  makeAlkes,
  valueOf,
  xlsxBuffer,
} from './_support.js'

/**
 * Issue 15, point 1: a device type's test points, edited by the head and admin of the device's
 * lab only, on their page and through the "Titik Uji" column of the device batch file.
 */

type Point = {
  parameter: string
  unit: string
  nominal: number
  tolerance: number
  tolerance_type: 'abs' | 'pct'
  repeats: number
  resolution: number
}

const HEART_RATE: Point[] = [
  {
    parameter: 'Laju Jantung',
    unit: 'bpm',
    nominal: 60,
    tolerance: 2,
    tolerance_type: 'abs',
    repeats: 3,
    resolution: 1,
  },
  {
    parameter: 'Laju Jantung',
    unit: 'bpm',
    nominal: 120,
    tolerance: 2,
    tolerance_type: 'abs',
    repeats: 3,
    resolution: 1,
  },
]

const FLOW: Point[] = [
  {
    parameter: 'Laju Aliran',
    unit: 'mL/h',
    nominal: 10,
    tolerance: 10,
    tolerance_type: 'pct',
    repeats: 3,
    resolution: 0.1,
  },
  {
    parameter: 'Laju Aliran',
    unit: 'mL/h',
    nominal: 50,
    tolerance: 10,
    tolerance_type: 'pct',
    repeats: 3,
    resolution: 0.1,
  },
  {
    parameter: 'Tekanan Oklusi',
    unit: 'mmHg',
    nominal: 300,
    tolerance: 60,
    tolerance_type: 'abs',
    repeats: 1,
    resolution: 1,
  },
]

async function deviceWithPoints(laboratory: AlkesLaboratory = 'PK', points: Point[] = HEART_RATE) {
  const alkes = await makeAlkes({ laboratory })
  await AlkesTestPoint.createMany(
    points.map((point, index) => ({
      alkesId: alkes.id,
      position: index + 1,
      parameter: point.parameter,
      unit: point.unit,
      nominal: point.nominal,
      tolerance: point.tolerance,
      toleranceType: point.tolerance_type,
      repeats: point.repeats,
      resolution: point.resolution,
    }))
  )
  return alkes
}

/** The stored points of a device, in order, as the form names their fields. */
async function pointsOf(alkesId: number) {
  const rows = await db.from('alkes_test_points').where('alkes_id', alkesId).orderBy('position')
  return rows.map((row) => ({
    position: Number(row.position),
    parameter: row.parameter,
    unit: row.unit,
    nominal: Number(row.nominal),
    tolerance: Number(row.tolerance),
    tolerance_type: row.tolerance_type,
    repeats: Number(row.repeats),
    resolution: Number(row.resolution),
  }))
}

const withPositions = (points: Point[]) =>
  points.map((point, index) => ({ position: index + 1, ...point }))

const pagePath = (alkes: Alkes) => `/alkes/data/${alkes.id}/test-points`

function put(client: any, user: User, alkes: Alkes | number, body: unknown) {
  const id = typeof alkes === 'number' ? alkes : alkes.id
  return client
    .put(`/alkes/data/${id}/test-points`)
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .json(body)
    .redirects(0)
}

function fieldErrors(response: { flashMessages(): Record<string, any> }) {
  return (response.flashMessages().inputErrorsBag ?? {}) as Record<string, string[]>
}

test.group('Alkes test points | the page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the lab's head and admin open the page with the points, ready to save", async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK')
    for (const role of ['head_of_pk_laboratory', 'admin_pk'] as const) {
      const response = await client
        .get(pagePath(alkes))
        .loginAs(await accountWithRole(role))
        .withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('alkes/test_points')
      const props = response.inertiaProps as any
      assert.equal(props.title, `Titik Uji ${alkes.name}`, role)
      assert.equal(props.alkes.laboratory, 'PK')
      assert.deepEqual(props.points, HEART_RATE, role)
      assert.equal(props.submitHref, pagePath(alkes), role)
      assert.isNull(props.readOnlyNote)
    }
  })

  test("another lab's head and yantek only read the points; a role without the device list gets 403; an unknown id 404", async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK')
    for (const role of ['head_of_ukpr_laboratory', 'admin_sarpras', 'yantek'] as const) {
      const response = await client
        .get(pagePath(alkes))
        .loginAs(await accountWithRole(role))
        .withInertia()
      response.assertStatus(200)
      const props = response.inertiaProps as any
      assert.isNull(props.submitHref, role)
      assert.deepEqual(props.points, HEART_RATE, role)
      assert.match(props.readOnlyNote, /kepala atau admin Laboratorium PK/, role)
    }
    const officer = await client
      .get(pagePath(alkes))
      .loginAs(await accountWithRole('officer_pk'))
      .withInertia()
    officer.assertStatus(403)
    const missing = await client
      .get('/alkes/data/999999/test-points')
      .loginAs(await accountWithRole('head_of_pk_laboratory'))
      .withInertia()
    missing.assertStatus(404)
  })

  test('the device list says, per user, the labs whose templates they may change', async ({
    client,
    assert,
  }) => {
    const expected = {
      head_of_pk_laboratory: ['PK'],
      admin_ukpr: ['UKPR'],
      head_of_sarpras_laboratory: ['SARPRAS'],
      yantek: [],
    } as const
    for (const [role, labs] of Object.entries(expected)) {
      const response = await client
        .get('/alkes/data')
        .loginAs(await accountWithRole(role as keyof typeof expected))
        .withInertia()
      response.assertStatus(200)
      assert.deepEqual(response.inertiaProps.testPointLabs, labs, role)
    }
  })
})

test.group('Alkes test points | saving', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the head saves a new list: it replaces the old one in order and is audited before and after', async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const response = await put(client, head, alkes, {
      // Typed text as the page sends it: spaces around names, numbers as text.
      points: FLOW.map((point) => ({
        ...point,
        parameter: `  ${point.parameter} `,
        nominal: String(point.nominal),
        resolution: String(point.resolution),
      })),
    })
    assertRedirect(assert, response, pagePath(alkes))
    assert.match(String(response.flashMessages().success), /berhasil disimpan/)
    assert.deepEqual(await pointsOf(alkes.id), withPositions(FLOW))

    const audits = await auditEntries('alkes.test_points', alkes.id)
    assert.lengthOf(audits, 1)
    assert.equal(audits[0].userId, head.id)
    assert.deepEqual((audits[0].changesFrom as any).points, HEART_RATE)
    assert.deepEqual((audits[0].changesTo as any).points, FLOW)

    // The same list again changes nothing and is not audited again.
    assertRedirect(assert, await put(client, head, alkes, { points: FLOW }), pagePath(alkes))
    assert.lengthOf(await auditEntries('alkes.test_points', alkes.id), 1)
  })

  test("each lab's admin saves their own lab's devices; an empty list removes every point", async ({
    client,
    assert,
  }) => {
    for (const [laboratory, role] of [
      ['UKPR', 'admin_ukpr'],
      ['SARPRAS', 'admin_sarpras'],
      ['PK', 'admin_pk'],
    ] as const) {
      const alkes = await deviceWithPoints(laboratory, HEART_RATE)
      const user = await accountWithRole(role)
      assertRedirect(assert, await put(client, user, alkes, { points: [] }), pagePath(alkes))
      assert.deepEqual(await pointsOf(alkes.id), [], role)
      const [entry] = await auditEntries('alkes.test_points', alkes.id)
      assert.deepEqual((entry.changesTo as any).points, [], role)
    }
  })

  test("another lab's head and admin, yantek (who edits devices) and an officer are refused with 403 and nothing changes", async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const audits = await countRows('audit_logs')
    for (const role of ['head_of_ukpr_laboratory', 'admin_sarpras'] as const) {
      const response = await put(client, await accountWithRole(role), alkes, { points: FLOW })
      assert.equal(response.status(), 403, role)
      assert.equal(
        response.inertiaProps.message,
        'Titik uji alat Laboratorium PK hanya dapat diubah oleh kepala atau admin Laboratorium PK.',
        role
      )
    }
    for (const role of ['yantek', 'officer_pk', 'head_of_pdp_laboratory'] as const) {
      const response = await put(client, await accountWithRole(role), alkes, { points: FLOW })
      assert.equal(response.status(), 403, role)
    }
    assert.deepEqual(await pointsOf(alkes.id), withPositions(HEART_RATE))
    assert.equal(await countRows('audit_logs'), audits)
  })

  test('an unknown device answers 404', async ({ client }) => {
    const response = await put(client, await accountWithRole('head_of_pk_laboratory'), 999999, {
      points: FLOW,
    })
    response.assertStatus(404)
  })

  test('bad rows come back under their fields, named as the form labels them, and nothing is saved', async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const audits = await countRows('audit_logs')
    const response = await put(client, head, alkes, {
      points: [
        FLOW[0],
        {
          parameter: '   ',
          unit: '',
          nominal: 'enam puluh',
          tolerance: 0,
          tolerance_type: 'abs',
          repeats: 11,
          resolution: -0.1,
        },
        { ...FLOW[1], tolerance: 150 },
        { ...FLOW[1], nominal: 0 },
        { ...FLOW[1], tolerance_type: 'ppm', repeats: 2.5, parameter: 'A | B' },
      ],
    })
    assert.include([302, 303], response.status())
    const errors = fieldErrors(response)
    assert.deepEqual(errors['points.1.parameter'], ['Parameter wajib diisi.'])
    assert.deepEqual(errors['points.1.unit'], ['Satuan wajib diisi.'])
    assert.deepEqual(errors['points.1.nominal'], ['Nilai Nominal harus berupa angka.'])
    assert.deepEqual(errors['points.1.tolerance'], ['Toleransi (±) harus lebih dari 0.'])
    assert.deepEqual(errors['points.1.repeats'], ['Jumlah Pengulangan harus di antara 1 dan 10.'])
    assert.deepEqual(errors['points.1.resolution'], ['Resolusi Alat harus lebih dari 0.'])
    assert.deepEqual(errors['points.2.tolerance'], ['Toleransi (±) dalam persen maksimal 100.'])
    assert.match(errors['points.3.tolerance'][0], /^Toleransi \(±\) dalam persen tidak dapat/)
    assert.deepEqual(errors['points.4.tolerance_type'], [
      'Jenis Toleransi (Satuan / %) tidak valid.',
    ])
    assert.deepEqual(errors['points.4.repeats'], [
      'Jumlah Pengulangan harus berupa bilangan bulat.',
    ])
    assert.deepEqual(errors['points.4.parameter'], ['Parameter tidak boleh memuat tanda |.'])
    assert.notProperty(errors, 'points.0.nominal')

    assert.deepEqual(await pointsOf(alkes.id), withPositions(HEART_RATE))
    assert.equal(await countRows('audit_logs'), audits)
  })

  test('more than 30 points, a list that is not a list, or no list at all are refused without a 500', async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const many = Array.from({ length: 31 }, (_, index) => ({ ...FLOW[0], nominal: index + 1 }))
    for (const [body, message] of [
      [{ points: many }, 'Titik Uji maksimal 30 item.'],
      [{ points: 'semua' }, 'Titik Uji harus berupa daftar.'],
      [{}, 'Titik Uji wajib diisi.'],
    ] as const) {
      const response = await put(client, head, alkes, body)
      assert.include([302, 303], response.status(), JSON.stringify(body).slice(0, 40))
      assert.deepEqual(fieldErrors(response).points, [message])
    }
    assert.deepEqual(await pointsOf(alkes.id), withPositions(HEART_RATE))
    assert.lengthOf(await auditEntries('alkes.test_points', alkes.id), 0)
  })
})

/* ---------------------------------------------------------------- the batch file */

const HEADERS = [
  'Kode Alkes',
  'Nama Alkes',
  'Laboratorium',
  'Tarif',
  'Estimasi Menit',
  'Alat Datang',
  'Insitu',
  'Tuntung Saharian',
  'Pengujian KAN',
  'Kalibrasi KAN',
  'Keterangan Laik',
]

function deviceRow(alkes: Alkes, price = 300000) {
  return [
    alkes.alkesCode,
    alkes.name,
    alkes.laboratory,
    price,
    60,
    'Ya',
    'Ya',
    'Tidak',
    'Tidak',
    'Tidak',
    'Ya',
  ]
}

async function uploadFile(client: any, user: User, headers: string[], rows: unknown[][]) {
  return client
    .post('/alkes/data/batch/update')
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .file('file', await xlsxBuffer(headers, rows as any), {
      filename: 'alkes.xlsx',
      contentType: XLSX_MIME,
    })
    .redirects(0)
}

/** The points of FLOW as a cell: "±", "%" and decimal commas. */
const FLOW_CELL = [
  'Laju Aliran | mL/h | 10 | 10% | 3 | 0,1',
  '',
  'Laju Aliran | mL/h | 50 | 10 % | 3 | 0.1',
  'Tekanan Oklusi | mmHg | 300 | ±60 | 1 | 1',
].join('\n')

test.group('Alkes test points | batch file', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a file with the "Titik Uji" column sets the points of its devices, audited', async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const empty = await makeAlkes({ laboratory: 'PK' })
    const head = await accountWithRole('head_of_pk_laboratory')
    const response = await uploadFile(
      client,
      head,
      [...HEADERS, 'Titik Uji'],
      [
        [...deviceRow(alkes), FLOW_CELL],
        [
          ...deviceRow(empty),
          'Laju Jantung | bpm | 60 | 2 | 3 | 1\r\nLaju Jantung | bpm | 120 | ±2 | 3 | 1',
        ],
      ]
    )
    assertRedirect(assert, response, '/alkes/data')
    assert.deepEqual(await pointsOf(alkes.id), withPositions(FLOW))
    assert.deepEqual(await pointsOf(empty.id), withPositions(HEART_RATE))
    const [entry] = await auditEntries('alkes.test_points', alkes.id)
    assert.deepEqual((entry.changesFrom as any).points, HEART_RATE)
    assert.deepEqual((entry.changesTo as any).points, FLOW)
    assert.lengthOf(await auditEntries('alkes.test_points', empty.id), 1)
  })

  test("an empty cell removes the points; a new device of the head's lab gets its points", async ({
    client,
    assert,
  }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const code = `TP-${alkes.id}-BARU`
    const response = await uploadFile(
      client,
      head,
      [...HEADERS, 'Titik Uji'],
      [
        [...deviceRow(alkes), null],
        [
          code,
          `Syringe Pump ${code}`,
          'PK',
          400000,
          90,
          'Ya',
          'Ya',
          'Tidak',
          'Tidak',
          'Tidak',
          'Ya',
          FLOW_CELL,
        ],
      ]
    )
    assertRedirect(assert, response, '/alkes/data')
    assert.deepEqual(await pointsOf(alkes.id), [])
    const created = await db.from('alkes').where('alkes_code', code).firstOrFail()
    assert.deepEqual(await pointsOf(Number(created.id)), withPositions(FLOW))
  })

  test('a malformed line is refused naming its line, and nothing of the file is saved', async ({
    client,
    assert,
  }) => {
    const first = await deviceWithPoints('PK', HEART_RATE)
    const second = await deviceWithPoints('PK', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const audits = await countRows('audit_logs')
    const response = await uploadFile(
      client,
      head,
      [...HEADERS, 'Titik Uji'],
      [
        [...deviceRow(first, 999000), FLOW_CELL],
        [
          ...deviceRow(second),
          'Laju Aliran | mL/h | 10 | 10% | 3 | 0,1\nLaju Aliran | mL/h | 50 | 0 | 3 | 0,1\nLaju Aliran | mL/h | 100',
        ],
        [
          `${first.alkesCode}X`,
          `Termometer ${first.alkesCode}`,
          'PK',
          150000,
          30,
          'Ya',
          'Ya',
          'Tidak',
          'Tidak',
          'Tidak',
          'Ya',
          'Suhu | °C | 37 | 0,5 | tiga | 0,1',
        ],
      ]
    )
    assertRedirect(assert, response, '/alkes/data/batch/edit')
    const outcome = response.flashMessages().batch
    assert.match(outcome.message, /ditolak/)
    const byRow = Object.fromEntries(
      outcome.errors.map((e: { row: number; messages: string[] }) => [e.row, e.messages])
    )
    assert.deepEqual(Object.keys(byRow), ['3', '4'])
    assert.include(
      byRow[3],
      'Titik Uji baris 3: isi 6 bagian dipisah tanda | (Parameter | Satuan | Nominal | Toleransi | Pengulangan | Resolusi); terbaca 3 bagian.'
    )
    assert.include(byRow[4], 'Titik Uji baris 1: Jumlah Pengulangan harus berupa angka.')

    // Line 3 cannot be read, so line 2's values are judged only once it is fixed.
    const fixed = await uploadFile(
      client,
      head,
      [...HEADERS, 'Titik Uji'],
      [
        [...deviceRow(first, 999000), FLOW_CELL],
        [
          ...deviceRow(second),
          'Laju Aliran | mL/h | 10 | 10% | 3 | 0,1\nLaju Aliran | mL/h | 50 | 0 | 3 | 0,1',
        ],
      ]
    )
    assert.deepEqual(fixed.flashMessages().batch.errors, [
      { row: 3, messages: ['Titik Uji baris 2: Toleransi (±) harus lebih dari 0.'] },
    ])

    assert.deepEqual(await pointsOf(first.id), withPositions(HEART_RATE))
    assert.deepEqual(await pointsOf(second.id), withPositions(HEART_RATE))
    assert.notEqual(Number(await valueOf('alkes', first.id, 'price')), 999000)
    assert.equal(await countRows('audit_logs'), audits)
  })

  test('a file without the column leaves the points alone', async ({ client, assert }) => {
    const alkes = await deviceWithPoints('PK', HEART_RATE)
    // Yantek edits devices but not templates: a file without the column is theirs to upload.
    const response = await uploadFile(client, await accountWithRole('yantek'), HEADERS, [
      deviceRow(alkes, 777000),
    ])
    assertRedirect(assert, response, '/alkes/data')
    assert.equal(Number(await valueOf('alkes', alkes.id, 'price')), 777000)
    assert.deepEqual(await pointsOf(alkes.id), withPositions(HEART_RATE))
    assert.lengthOf(await auditEntries('alkes.test_points', alkes.id), 0)
  })

  test("a row changing the points of another lab's device, or by yantek, is refused and nothing is saved; an unchanged cell is no change", async ({
    client,
    assert,
  }) => {
    const pk = await deviceWithPoints('PK', HEART_RATE)
    const ukpr = await deviceWithPoints('UKPR', HEART_RATE)
    const head = await accountWithRole('head_of_pk_laboratory')
    const audits = await countRows('audit_logs')
    const refused = await uploadFile(
      client,
      head,
      [...HEADERS, 'Titik Uji'],
      [
        [...deviceRow(pk), FLOW_CELL],
        [...deviceRow(ukpr), FLOW_CELL],
      ]
    )
    assertRedirect(assert, refused, '/alkes/data/batch/edit')
    const errors = refused.flashMessages().batch.errors as { row: number; messages: string[] }[]
    assert.deepEqual(
      errors.map((e) => e.row),
      [3]
    )
    assert.match(
      errors[0].messages.join(' '),
      /Titik uji alat Laboratorium UKPR hanya dapat diubah oleh kepala atau admin Laboratorium UKPR\. Hapus kolom "Titik Uji"/
    )

    const yantek = await accountWithRole('yantek')
    const byYantek = await uploadFile(
      client,
      yantek,
      [...HEADERS, 'Titik Uji'],
      [[...deviceRow(pk), FLOW_CELL]]
    )
    assertRedirect(assert, byYantek, '/alkes/data/batch/edit')
    assert.match(
      byYantek.flashMessages().batch.errors[0].messages.join(' '),
      /Laboratorium PK hanya dapat diubah/
    )
    assert.deepEqual(await pointsOf(pk.id), withPositions(HEART_RATE))
    assert.deepEqual(await pointsOf(ukpr.id), withPositions(HEART_RATE))
    assert.equal(await countRows('audit_logs'), audits)

    // The stored points written back (another spelling, same values) change nothing: accepted.
    const same = await uploadFile(
      client,
      yantek,
      [...HEADERS, 'Titik Uji'],
      [
        [
          ...deviceRow(pk, 654000),
          'Laju Jantung | bpm | 60,0 | ±2 | 3 | 1\nLaju Jantung | bpm | 120 | 2 | 3 | 1',
        ],
      ]
    )
    assertRedirect(assert, same, '/alkes/data')
    assert.equal(Number(await valueOf('alkes', pk.id, 'price')), 654000)
    assert.lengthOf(await auditEntries('alkes.test_points', pk.id), 0)
  })

  test('the format file explains the column with an example the reader accepts', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const page = await client.get('/alkes/data/batch/edit').loginAs(head).withInertia()
    const column = (page.inertiaProps.columns as { header: string; description: string }[]).find(
      (c) => c.header === 'Titik Uji'
    )
    assert.exists(column)
    assert.include(
      column!.description,
      'Parameter | Satuan | Nominal | Toleransi | Pengulangan | Resolusi'
    )
    assert.include(column!.description, 'Hapus kolom ini')
  })
})

/* ---------------------------------------------------------------- demo templates */

test.group('Alkes test points | demo templates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every demo template names a demo device and passes the form rules', async ({ assert }) => {
    for (const template of DEMO_TEST_TEMPLATES) {
      const device = await db
        .from('alkes')
        .where({ name: template.name, laboratory: template.laboratory })
        .first()
      assert.exists(device, template.name)
      const points = template.points.map((point) => ({
        parameter: point.parameter,
        unit: point.unit,
        nominal: point.nominal,
        tolerance: point.tolerance,
        tolerance_type: point.toleranceType,
        repeats: point.repeats,
        resolution: point.resolution,
      }))
      await assert.doesNotReject(() => testPointsValidator.validate({ points }), template.name)
    }
  })

  test('the demo data loaded the templates; loading them again adds nothing', async ({
    assert,
  }) => {
    const monitor = await db.from('alkes').where('name', 'Patient Monitor').firstOrFail()
    const points = await pointsOf(Number(monitor.id))
    assert.includeDeepMembers(
      points.map((point) => [point.parameter, point.nominal, point.unit]),
      [
        ['Laju Jantung (HR)', 60, 'bpm'],
        ['Saturasi Oksigen (SpO2)', 95, '%'],
        ['Resistansi Pembumian Protektif', 0, 'Ω'],
      ]
    )
    const before = await countRows('alkes_test_points')
    assert.equal(await seedDemoTestPoints(db.connection()), 0)
    assert.equal(await countRows('alkes_test_points'), before)
  })
})
