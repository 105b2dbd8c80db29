import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { labToday } from '#services/format'
import { standardsOnDate } from '#queries/calibrators/standard_validity'
import {
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  makeCalibrator,
  marker,
  pageAccessMismatches,
  referenceIds,
  writeAccessMismatches,
  XLSX_MIME,
  xlsxBuffer,
} from '#tests/functional/master_data/_support'
import {
  addHistory,
  calibratorDates,
  daysFromToday,
  historyRows,
} from '#tests/functional/calibration/history_fixtures'

/**
 * Issue 15: a reference calibrator's own history. Catat Kalibrasi and Tandai Di Luar Toleransi
 * on GET /calibrator/data/:id/history, and the calibrator form's dates kept in step with it.
 */

const historyPath = (id: number) => `/calibrator/data/${id}/history`

function calibrationPayload(overrides: Record<string, unknown> = {}) {
  return {
    performed_on: '2026-03-04',
    due_on: '2027-03-04',
    certificate_number: `LK-032-IDN/2026/${marker('N')}`,
    issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
    passed: '1',
    notes: null,
    uncertainties: [
      { parameter: 'Heart rate', unit: 'bpm', expanded_uncertainty: '0.5' },
      { parameter: 'SpO2', unit: '%', expanded_uncertainty: '1.0' },
    ],
    ...overrides,
  }
}

/** Everything a refused write could have changed. */
async function stateOf(calibratorId: number) {
  return {
    history: await historyRows(calibratorId),
    uncertainties: await countRows('calibrator_uncertainties'),
    audits: await countRows('audit_logs'),
    dates: await calibratorDates(calibratorId),
  }
}

test.group('Calibrator history | the page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /calibrator/data/:id/history: 200 for calibrator.view roles, 403 for the others', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    assert.deepEqual(
      await pageAccessMismatches(client, 'calibrator.view', [
        [historyPath(calibrator.id), 'calibrators/history'],
      ]),
      []
    )
  })

  test('an unknown calibrator answers 404', async ({ client }) => {
    const viewer = await accountWithRole('yantek')
    const response = await client.get(historyPath(99999999)).loginAs(viewer).withInertia()
    response.assertStatus(404)
  })

  test('the history is listed newest first, with verdicts, uncertainties and a link to the impact of each bad event', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator({ name: 'Patient Simulator' })
    const first = await addHistory(calibrator, {
      performedOn: '2025-03-04',
      dueOn: '2026-03-04',
      certificateNumber: 'LK-032-IDN/2025/0101',
      issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
      uncertainties: [['Heart rate', 'bpm', 0.5]],
    })
    const out = await addHistory(calibrator, {
      kind: 'out_of_tolerance',
      performedOn: '2025-09-01',
      notes: 'SpO2 menyimpang 3 %.',
    })
    const failed = await addHistory(calibrator, {
      performedOn: '2025-09-20',
      dueOn: '2026-09-20',
      passed: false,
      certificateNumber: 'LK-032-IDN/2025/0300',
    })
    const passed = await addHistory(calibrator, {
      performedOn: '2025-10-01',
      dueOn: daysFromToday(300, labToday()),
      certificateNumber: 'LK-032-IDN/2025/0412',
    })
    const viewer = await accountWithRole('yantek')
    const response = await client.get(historyPath(calibrator.id)).loginAs(viewer).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.equal(props.title, 'Riwayat Kalibrasi Patient Simulator')
    assert.isFalse(props.canEdit)
    assert.deepEqual(
      props.history.map((entry: any) => [entry.id, entry.verdict, entry.impact_href]),
      [
        [passed.id, 'Lulus', null],
        [failed.id, 'Gagal', `/calibrator/data/${calibrator.id}/impact?event=${failed.id}`],
        [out.id, 'Di luar toleransi', `/calibrator/data/${calibrator.id}/impact?event=${out.id}`],
        [first.id, 'Lulus', null],
      ]
    )
    const oldest = props.history[3]
    assert.equal(oldest.formatted_performed_on, '4 Maret 2025')
    assert.equal(oldest.formatted_due_on, '4 Maret 2026')
    assert.equal(oldest.certificate_number, 'LK-032-IDN/2025/0101')
    assert.equal(oldest.issuer, 'Laboratorium Kalibrasi BPAFK Jakarta')
    assert.deepEqual(oldest.uncertainties, [
      {
        parameter: 'Heart rate',
        unit: 'bpm',
        expanded_uncertainty: 0.5,
        coverage_factor: 2,
        relative: false,
        correction: null,
        resolution: null,
      },
    ])
    assert.equal(props.history[2].notes, 'SpO2 menyimpang 3 %.')
    assert.isTrue(props.usableToday.usable)

    const editor = await accountWithRole('admin_pk')
    const asEditor = await client.get(historyPath(calibrator.id)).loginAs(editor).withInertia()
    assert.isTrue((asEditor.inertiaProps as any).canEdit)
  })

  test('the calibrator list links every row to its history', async ({ client, assert }) => {
    const calibrator = await makeCalibrator()
    const viewer = await accountWithRole('yantek')
    const page = await client.get('/calibrator/data').loginAs(viewer).withInertia()
    assert.isTrue((page.inertiaProps as any).canViewHistory)
    const list = await client
      .get('/calibrator/data/datatable')
      .qs({ serial_number: calibrator.serialNumber })
      .loginAs(viewer)
    assert.deepEqual(
      list.body().data.map((row: any) => row.history_href),
      [historyPath(calibrator.id)]
    )
  })
})

test.group('Calibrator history | Catat Kalibrasi', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /calibrator/data/:id/calibrations: calibrator.edit roles record, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const mismatches = await writeAccessMismatches(client, 'calibrator.edit', {
      method: 'post',
      path: `/calibrator/data/${calibrator.id}/calibrations`,
      payload: () => calibrationPayload(),
      location: historyPath(calibrator.id),
      written: async (payload) =>
        (await countRows('calibrator_calibrations', {
          certificate_number: payload.certificate_number,
        })) === 1,
    })
    assert.deepEqual(mismatches, [])
  })

  test('a passed calibration is stored with its uncertainties, becomes the calibrator’s dates and is audited', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    await addHistory(calibrator, { performedOn: '2025-03-04', dueOn: '2026-03-04' })
    const editor = await accountWithRole('head_of_pk_laboratory')
    const payload = calibrationPayload({ notes: 'Kalibrasi tahunan.' })
    const response = await client
      .post(`/calibrator/data/${calibrator.id}/calibrations`)
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    assertRedirect(assert, response, historyPath(calibrator.id))
    assert.match(String(response.flashMessages().success), /dicatat/)
    const history = await historyRows(calibrator.id)
    assert.lengthOf(history, 2)
    const recorded = history[1]
    assert.deepInclude(recorded, {
      kind: 'calibration',
      performed_on: '2026-03-04',
      due_on: '2027-03-04',
      certificate_number: payload.certificate_number,
      issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
      passed: true,
      notes: 'Kalibrasi tahunan.',
    })
    const stated = await db
      .from('calibrator_uncertainties')
      .where('calibration_id', recorded.id)
      .orderBy('id')
    assert.deepEqual(
      stated.map((row) => [row.parameter, row.unit, Number(row.expanded_uncertainty)]),
      [
        ['Heart rate', 'bpm', 0.5],
        ['SpO2', '%', 1],
      ]
    )
    assert.deepEqual(await calibratorDates(calibrator.id), {
      last: '2026-03-04',
      next: '2027-03-04',
    })
    const [entry] = await auditEntries('calibrator.calibration', calibrator.id)
    assert.equal(entry.userId, editor.id)
    assert.equal((entry.changesTo as any).certificate_number, payload.certificate_number)
    assert.equal((entry.changesTo as any).last_calibration_date, '2026-03-04')
  })

  test('an older passed calibration, or a failed one, leaves the calibrator’s dates alone', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const editor = await accountWithRole('admin_pk')
    const post = (payload: Record<string, unknown>) =>
      client
        .post(`/calibrator/data/${calibrator.id}/calibrations`)
        .loginAs(editor)
        .withCsrfToken()
        .withInertia()
        .json(payload)
        .redirects(0)
    await post(calibrationPayload({ performed_on: '2026-03-04', due_on: '2027-03-04' }))
    await post(calibrationPayload({ performed_on: '2025-03-04', due_on: '2026-03-04' }))
    const failed = await post(
      calibrationPayload({ performed_on: '2026-05-04', due_on: '2027-05-04', passed: '0' })
    )
    assert.match(String(failed.flashMessages().success), /gagal/)
    assert.lengthOf(await historyRows(calibrator.id), 3)
    assert.deepEqual(await calibratorDates(calibrator.id), {
      last: '2026-03-04',
      next: '2027-03-04',
    })
  })

  test('a calibration on the day of a row made from the calibrator’s dates completes that row', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const mirror = await addHistory(calibrator, {
      performedOn: '2026-03-04',
      dueOn: '2027-03-04',
      notes: 'Dari tanggal kalibrasi pada data kalibrator.',
    })
    const editor = await accountWithRole('admin_pk')
    const payload = calibrationPayload()
    await client
      .post(`/calibrator/data/${calibrator.id}/calibrations`)
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    const history = await historyRows(calibrator.id)
    assert.lengthOf(history, 1)
    assert.equal(history[0].id, mirror.id)
    assert.equal(history[0].certificate_number, payload.certificate_number)
    assert.equal(await countRows('calibrator_uncertainties', { calibration_id: mirror.id }), 2)
  })

  const today = labToday()
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no date', { performed_on: null }, { performed_on: 'Tanggal Kalibrasi wajib diisi.' }],
    [
      'a date in the future',
      { performed_on: daysFromToday(1, today), due_on: daysFromToday(400, today) },
      { performed_on: 'Tanggal Kalibrasi tidak boleh setelah hari ini.' },
    ],
    [
      'a malformed date',
      { performed_on: '04/03/2026' },
      { performed_on: 'Tanggal Kalibrasi harus berupa tanggal yang valid.' },
    ],
    ['no due date', { due_on: null }, { due_on: 'Berlaku Sampai wajib diisi.' }],
    [
      'a due date on the calibration date',
      { due_on: '2026-03-04' },
      { due_on: 'Berlaku Sampai harus setelah tanggal kalibrasi.' },
    ],
    [
      'no certificate number',
      { certificate_number: '' },
      { certificate_number: 'Nomor Sertifikat wajib diisi.' },
    ],
    ['no verdict', { passed: null }, { passed: 'Hasil wajib diisi.' }],
    ['a verdict neither Lulus nor Gagal', { passed: 'mungkin' }, { passed: 'Hasil tidak valid.' }],
    [
      'an uncertainty of 0',
      { uncertainties: [{ parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: '0' }] },
      { 'uncertainties.0.expanded_uncertainty': 'Ketidakpastian (U) harus lebih dari 0.' },
    ],
    [
      'a coverage factor below 1',
      {
        uncertainties: [
          {
            parameter: 'Tekanan',
            unit: 'mmHg',
            expanded_uncertainty: '0.3',
            coverage_factor: '0.5',
          },
        ],
      },
      { 'uncertainties.0.coverage_factor': 'Faktor cakupan (k) minimal 1.' },
    ],
    [
      'a negative uncertainty',
      { uncertainties: [{ parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: '-0.3' }] },
      { 'uncertainties.0.expanded_uncertainty': 'Ketidakpastian (U) harus lebih dari 0.' },
    ],
    [
      'an uncertainty that is no number',
      { uncertainties: [{ parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: [] }] },
      { 'uncertainties.0.expanded_uncertainty': 'Ketidakpastian (U) harus berupa angka.' },
    ],
    [
      'an uncertainty without its parameter and unit',
      { uncertainties: [{ parameter: '', unit: '', expanded_uncertainty: '0.3' }] },
      {
        'uncertainties.0.parameter': 'Parameter wajib diisi.',
        'uncertainties.0.unit': 'Satuan wajib diisi.',
      },
    ],
    [
      'the same parameter and unit twice',
      {
        uncertainties: [
          { parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: '0.3' },
          { parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: '0.5' },
        ],
      },
      { uncertainties: 'Parameter dengan satuan yang sama ditulis dua kali.' },
    ],
  ]
  for (const [name, overrides, expected] of cases) {
    test(`refuses ${name}, naming the field, and changes nothing`, async ({ client, assert }) => {
      const calibrator = await makeCalibrator()
      await addHistory(calibrator, { performedOn: '2025-03-04', dueOn: '2026-03-04' })
      const editor = await accountWithRole('admin_pk')
      const before = await stateOf(calibrator.id)
      const response = await client
        .post(`/calibrator/data/${calibrator.id}/calibrations`)
        .loginAs(editor)
        .withCsrfToken()
        .withInertia()
        .header('referer', historyPath(calibrator.id))
        .json(calibrationPayload(overrides))
        .redirects(0)
      assertRedirect(assert, response, historyPath(calibrator.id))
      const bag = (response.flashMessages().inputErrorsBag ?? {}) as Record<string, string[]>
      assert.deepEqual(
        Object.fromEntries(Object.entries(bag).map(([field, messages]) => [field, messages[0]])),
        expected
      )
      assert.deepEqual(await stateOf(calibrator.id), before)
    })
  }

  test('an unknown calibrator answers 404 and nothing is written', async ({ client, assert }) => {
    const editor = await accountWithRole('admin_pk')
    const count = await countRows('calibrator_calibrations')
    const response = await client
      .post('/calibrator/data/99999999/calibrations')
      .loginAs(editor)
      .withCsrfToken()
      .json(calibrationPayload())
      .redirects(0)
    response.assertStatus(404)
    assert.equal(await countRows('calibrator_calibrations'), count)
  })
})

test.group('Calibrator history | what a certificate states for the budget (issue 37)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('U with its own k, relative or not, a correction and a resolution; the drift is the change of correction since the previous calibration', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const editor = await accountWithRole('head_of_pk_laboratory')
    const record = (payload: Record<string, unknown>) =>
      client
        .post(`/calibrator/data/${calibrator.id}/calibrations`)
        .loginAs(editor)
        .withCsrfToken()
        .withInertia()
        .json(calibrationPayload(payload))
        .redirects(0)
    await record({
      performed_on: '2025-03-04',
      due_on: '2026-03-04',
      uncertainties: [
        { parameter: 'Heart rate', unit: 'bpm', expanded_uncertainty: '0.5', correction: '0.2' },
      ],
    })
    const second = await record({
      performed_on: '2026-03-04',
      due_on: '2027-03-04',
      uncertainties: [
        {
          parameter: 'Heart rate',
          unit: 'bpm',
          expanded_uncertainty: '0.41',
          coverage_factor: '2.05',
          correction: '-0.1',
          resolution: '0.1',
        },
        { parameter: 'SpO2', unit: '%', expanded_uncertainty: '0.5', relative: true },
      ],
    })
    assert.match(String(second.flashMessages().success), /dicatat/)
    const checks = await standardsOnDate([calibrator.id], '2026-06-01')
    const check = checks.get(calibrator.id)!
    const [heart, spo2] = check.calibration!.uncertainties
    // |−0.1 − 0.2| = 0.3: the standard's drift between its two calibrations.
    assert.approximately(heart.drift!, 0.3, 1e-12)
    assert.deepEqual(
      { ...heart, drift: 0.3 },
      {
        parameter: 'Heart rate',
        unit: 'bpm',
        expandedUncertainty: 0.41,
        coverageFactor: 2.05,
        relative: false,
        correction: -0.1,
        resolution: 0.1,
        drift: 0.3,
      }
    )
    assert.include(spo2, { relative: true, correction: null, drift: null })
  })
})

test.group('Calibrator history | Tandai Di Luar Toleransi', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /calibrator/data/:id/out-of-tolerance: calibrator.edit roles mark it, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const mismatches = await writeAccessMismatches(client, 'calibrator.edit', {
      method: 'post',
      path: `/calibrator/data/${calibrator.id}/out-of-tolerance`,
      payload: () => ({ found_on: labToday(), reason: `Arus bocor menyimpang ${marker('R')}` }),
      location: historyPath(calibrator.id),
      written: async (payload) =>
        (await countRows('calibrator_calibrations', { notes: payload.reason })) === 1,
    })
    assert.deepEqual(mismatches, [])
  })

  test('the finding is stored and audited, refuses the calibrator from that day and links to the impact', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator({ name: 'Electrical Safety Analyzer' })
    await addHistory(calibrator, { performedOn: '2026-01-10', dueOn: '2027-01-10' })
    const editor = await accountWithRole('head_of_pk_laboratory')
    const response = await client
      .post(`/calibrator/data/${calibrator.id}/out-of-tolerance`)
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .json({ found_on: '2026-06-05', reason: 'Arus bocor terbaca 12 µA di atas acuan.' })
      .redirects(0)
    assertRedirect(assert, response, historyPath(calibrator.id))
    const history = await historyRows(calibrator.id)
    assert.deepInclude(history[1], {
      kind: 'out_of_tolerance',
      performed_on: '2026-06-05',
      due_on: null,
      passed: false,
      notes: 'Arus bocor terbaca 12 µA di atas acuan.',
    })
    const flash = response.flashMessages()
    assert.equal(
      flash.success,
      `Electrical Safety Analyzer (${calibrator.serialNumber}) ditandai di luar toleransi sejak 5 Juni 2026.`
    )
    assert.equal(
      flash.impactHref,
      `/calibrator/data/${calibrator.id}/impact?event=${history[1].id}`
    )
    const [entry] = await auditEntries('calibrator.out_of_tolerance', calibrator.id)
    assert.equal(entry.reason, 'Arus bocor terbaca 12 µA di atas acuan.')
    assert.deepEqual(await calibratorDates(calibrator.id), { last: null, next: null })

    const page = await client.get(historyPath(calibrator.id)).loginAs(editor).withInertia()
    assert.isFalse((page.inertiaProps as any).usableToday.usable)
    assert.match((page.inertiaProps as any).usableToday.text, /di luar toleransi sejak 5 Juni 2026/)
  })

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no date', { found_on: null }, { found_on: 'Tanggal Ditemukan wajib diisi.' }],
    [
      'a date in the future',
      { found_on: daysFromToday(1, labToday()) },
      { found_on: 'Tanggal Ditemukan tidak boleh setelah hari ini.' },
    ],
    ['no reason', { reason: '   ' }, { reason: 'Alasan wajib diisi.' }],
  ]
  for (const [name, overrides, expected] of cases) {
    test(`refuses ${name}, naming the field, and changes nothing`, async ({ client, assert }) => {
      const calibrator = await makeCalibrator()
      const editor = await accountWithRole('admin_pk')
      const before = await stateOf(calibrator.id)
      const response = await client
        .post(`/calibrator/data/${calibrator.id}/out-of-tolerance`)
        .loginAs(editor)
        .withCsrfToken()
        .withInertia()
        .header('referer', historyPath(calibrator.id))
        .json({ found_on: labToday(), reason: 'Menyimpang saat verifikasi.', ...overrides })
        .redirects(0)
      assertRedirect(assert, response, historyPath(calibrator.id))
      const bag = (response.flashMessages().inputErrorsBag ?? {}) as Record<string, string[]>
      assert.deepEqual(
        Object.fromEntries(Object.entries(bag).map(([field, messages]) => [field, messages[0]])),
        expected
      )
      assert.deepEqual(await stateOf(calibrator.id), before)
    })
  }

  test('an unknown calibrator answers 404', async ({ client }) => {
    const editor = await accountWithRole('admin_pk')
    const response = await client
      .post('/calibrator/data/99999999/out-of-tolerance')
      .loginAs(editor)
      .withCsrfToken()
      .json({ found_on: labToday(), reason: 'Menyimpang saat verifikasi.' })
      .redirects(0)
    response.assertStatus(404)
  })
})

test.group('Calibrator history | the calibrator form keeps it in step', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function formPayload(calibrator: { serialNumber: string }, dates: object) {
    const ids = await referenceIds()
    return {
      name: 'Electrical Safety Analyzer',
      merk: 'Fluke Biomedical',
      type_model_category: 'Tipe',
      type_model: 'ESA615',
      serial_number: calibrator.serialNumber,
      channel_count: '1',
      unit_id: String(ids.unitPk),
      bpfk_user_id: null,
      calibrator_condition: 'Good',
      ...dates,
    }
  }

  async function update(client: any, calibratorId: number, payload: object) {
    const editor = await accountWithRole('admin_pk')
    return client
      .put(`/calibrator/data/${calibratorId}/update`)
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .header('referer', `/calibrator/data/${calibratorId}/edit`)
      .json(payload)
      .redirects(0)
  }

  test('a new calibrator with dates gets a passed calibration on its last date', async ({
    client,
    assert,
  }) => {
    const editor = await accountWithRole('admin_pk')
    const serialNumber = `SN-${marker('F').toUpperCase()}`
    await client
      .post('/calibrator/data/store')
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .json(
        await formPayload(
          { serialNumber },
          { last_calibration_date: '2026-03-10', next_calibration_date: '2027-03-10' }
        )
      )
      .redirects(0)
    const created = await db.from('calibrators').where('serial_number', serialNumber).first()
    const rows = await historyRows(Number(created.id))
    assert.deepEqual(
      rows.map((row) => [row.kind, row.performed_on, row.due_on, row.passed]),
      [['calibration', '2026-03-10', '2027-03-10', true]]
    )
  })

  test('a later date adds a calibration; a changed due date updates the one of that day', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2025-03-10',
        next_calibration_date: '2026-03-10',
      })
    )
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2026-03-10',
        next_calibration_date: '2027-03-10',
      })
    )
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2026-03-10',
        next_calibration_date: '2027-01-10',
      })
    )
    const rows = await historyRows(calibrator.id)
    assert.deepEqual(
      rows.map((row) => [row.performed_on, row.due_on, row.passed]),
      [
        ['2025-03-10', '2026-03-10', true],
        ['2026-03-10', '2027-01-10', true],
      ]
    )
    assert.deepEqual(await calibratorDates(calibrator.id), {
      last: '2026-03-10',
      next: '2027-01-10',
    })
  })

  test('a mistyped date is corrected in place while nothing used or certified it', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2026-03-11',
        next_calibration_date: '2027-03-11',
      })
    )
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2026-03-10',
        next_calibration_date: '2027-03-10',
      })
    )
    const rows = await historyRows(calibrator.id)
    assert.deepEqual(
      rows.map((row) => [row.performed_on, row.due_on]),
      [['2026-03-10', '2027-03-10']]
    )
  })

  test('a date before a certified calibration, or no date at all, is refused and nothing changes', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2026-03-10',
        next_calibration_date: '2027-03-10',
      })
    )
    await db
      .from('calibrator_calibrations')
      .where('calibrator_id', calibrator.id)
      .update({ certificate_number: 'LK-032-IDN/2026/0412' })
    const before = await stateOf(calibrator.id)
    const earlier = await update(
      client,
      calibrator.id,
      await formPayload(calibrator, {
        last_calibration_date: '2025-03-10',
        next_calibration_date: '2026-03-10',
      })
    )
    assertRedirect(assert, earlier, `/calibrator/data/${calibrator.id}/edit`)
    assert.match(
      String(earlier.flashMessages().error),
      /sudah mencatat kalibrasi lulus yang lebih baru \(10 Maret 2026\)/
    )
    const cleared = await update(
      client,
      calibrator.id,
      await formPayload(calibrator, { last_calibration_date: null, next_calibration_date: null })
    )
    assert.match(String(cleared.flashMessages().error), /tidak dapat dikosongkan/)
    assert.deepEqual(await stateOf(calibrator.id), before)
  })

  const BATCH_HEADERS = [
    'Nomor Seri',
    'Nama Kalibrator',
    'Merk',
    'Tipe/Model',
    'Nama Tipe/Model',
    'Jumlah Kanal',
    'Unit',
    'NIP Penanggung Jawab',
    'Kondisi',
    'Kalibrasi Terakhir',
    'Kalibrasi Berikutnya',
  ]
  const batchRow = (serial: string, last: string, next: string) => [
    serial,
    'Electrical Safety Analyzer',
    'Fluke Biomedical',
    'Tipe',
    'ESA615',
    1,
    'PK',
    null,
    'Baik',
    last,
    next,
  ]
  async function uploadBatch(client: any, rows: unknown[][]) {
    const editor = await accountWithRole('admin_pk')
    return client
      .post('/calibrator/data/batch/update')
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/calibrator/data/batch/edit')
      .file('file', await xlsxBuffer(BATCH_HEADERS, rows as any), {
        filename: 'kalibrator.xlsx',
        contentType: XLSX_MIME,
      })
      .redirects(0)
  }

  test('the batch file keeps the history in step too, and a refused row leaves the whole file unsaved', async ({
    client,
    assert,
  }) => {
    const first = await makeCalibrator()
    const second = await makeCalibrator()
    await addHistory(second, {
      performedOn: '2026-03-10',
      dueOn: '2027-03-10',
      certificateNumber: 'LK-032-IDN/2026/0412',
    })
    const saved = await uploadBatch(client, [
      batchRow(first.serialNumber, '2026-02-01', '2027-02-01'),
    ])
    assertRedirect(assert, saved, '/calibrator/data')
    const rows = await historyRows(first.id)
    assert.deepEqual(
      rows.map((row) => [row.performed_on, row.due_on, row.passed]),
      [['2026-02-01', '2027-02-01', true]]
    )

    const before = [await stateOf(first.id), await stateOf(second.id)]
    const refused = await uploadBatch(client, [
      batchRow(first.serialNumber, '2026-04-01', '2027-04-01'),
      batchRow(second.serialNumber, '2025-03-10', '2026-03-10'),
    ])
    assertRedirect(assert, refused, '/calibrator/data/batch/edit')
    assert.match(String(refused.flashMessages().error), /lebih baru \(10 Maret 2026\)/)
    assert.deepEqual([await stateOf(first.id), await stateOf(second.id)], before)
  })
})
