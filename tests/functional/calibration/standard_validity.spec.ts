import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { standardsOnDate } from '#queries/calibrators/standard_validity'
import { makeCalibrator } from '#tests/functional/master_data/_support'
import { addHistory } from '#tests/functional/calibration/history_fixtures'

/**
 * Issue 15: "a calibrator whose own calibration was overdue on that date cannot be chosen".
 * The rule every worksheet asks: for each calibrator, the calibration record valid on the work
 * date, or why it cannot be used then.
 */

const DATE = '2026-11-22'

async function checkOf(id: number, date = DATE) {
  const checks = await standardsOnDate([id], date)
  return checks.get(id)!
}

async function refusalOf(id: number, date = DATE) {
  const check = await checkOf(id, date)
  return check.refusal
}

test.group('Standards on a date | the validity rule', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a passed calibration due after the date is valid, with its certificate and uncertainties', async ({
    assert,
  }) => {
    const calibrator = await makeCalibrator({ name: 'Patient Simulator' })
    await addHistory(calibrator, {
      performedOn: '2025-03-04',
      dueOn: '2026-03-04',
      certificateNumber: 'LK-032-IDN/2025/0101',
    })
    const current = await addHistory(calibrator, {
      performedOn: '2026-03-04',
      dueOn: '2027-03-04',
      certificateNumber: 'LK-032-IDN/2026/0412',
      issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
      uncertainties: [
        ['Heart rate', 'bpm', 0.5],
        ['SpO2', '%', 1],
        ['Tekanan', 'mmHg', 0.5],
      ],
    })
    const check = await checkOf(calibrator.id)
    assert.deepEqual(check, {
      calibratorId: calibrator.id,
      name: 'Patient Simulator',
      serialNumber: calibrator.serialNumber,
      unitName: 'PK',
      refusal: null,
      calibration: {
        id: current.id,
        certificateNumber: 'LK-032-IDN/2026/0412',
        performedOn: '2026-03-04',
        dueOn: '2027-03-04',
        issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
        uncertainties: [
          {
            parameter: 'Heart rate',
            unit: 'bpm',
            expandedUncertainty: 0.5,
            coverageFactor: 2,
            relative: false,
            correction: null,
            resolution: null,
            drift: null,
          },
          {
            parameter: 'SpO2',
            unit: '%',
            expandedUncertainty: 1,
            coverageFactor: 2,
            relative: false,
            correction: null,
            resolution: null,
            drift: null,
          },
          {
            parameter: 'Tekanan',
            unit: 'mmHg',
            expandedUncertainty: 0.5,
            coverageFactor: 2,
            relative: false,
            correction: null,
            resolution: null,
            drift: null,
          },
        ],
      },
    })
  })

  test('on a date before the newest calibration, the calibration then in force is the one used', async ({
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const earlier = await addHistory(calibrator, {
      performedOn: '2025-03-04',
      dueOn: '2026-03-04',
      certificateNumber: 'LK-032-IDN/2025/0101',
    })
    await addHistory(calibrator, { performedOn: '2026-03-04', dueOn: '2027-03-04' })
    const check = await checkOf(calibrator.id, '2025-12-01')
    assert.isNull(check.refusal)
    assert.equal(check.calibration?.id, earlier.id)
    assert.deepEqual(check.calibration?.uncertainties, [])
  })

  test('due on the date itself is still valid; the day after it is overdue', async ({ assert }) => {
    const calibrator = await makeCalibrator({ name: 'Digital Pressure Meter' })
    await addHistory(calibrator, { performedOn: '2025-11-22', dueOn: DATE })
    const dueToday = await checkOf(calibrator.id, DATE)
    assert.isNull(dueToday.refusal)
    assert.equal(dueToday.calibration?.dueOn, DATE)

    const overdue = await checkOf(calibrator.id, '2026-11-23')
    assert.isNull(overdue.calibration)
    assert.equal(
      overdue.refusal,
      `Kalibrasi Digital Pressure Meter (${calibrator.serialNumber}) sudah lewat jatuh tempo (22 November 2026) pada tanggal pengerjaan 23 November 2026.`
    )
  })

  test('an unknown calibrator is refused', async ({ assert }) => {
    const check = await checkOf(99999999)
    assert.deepEqual(check, {
      calibratorId: 99999999,
      name: '',
      serialNumber: '',
      unitName: '',
      calibration: null,
      refusal: 'Kalibrator tidak ditemukan.',
    })
  })

  test('a calibrator in condition Tidak Baik is refused whatever its history says', async ({
    assert,
  }) => {
    const calibrator = await makeCalibrator({ name: 'ESA', calibratorCondition: 'Bad' })
    await addHistory(calibrator, { performedOn: '2026-03-04', dueOn: '2027-03-04' })
    const check = await checkOf(calibrator.id)
    assert.isNull(check.calibration)
    assert.equal(
      check.refusal,
      `Kalibrator ESA (${calibrator.serialNumber}) dalam kondisi Tidak Baik.`
    )
  })

  test('without a history row on or before the date it is refused, naming the date', async ({
    assert,
  }) => {
    const none = await makeCalibrator({ name: 'Lux Meter' })
    const later = await makeCalibrator({ name: 'Sound Level Meter' })
    await addHistory(later, { performedOn: '2026-11-23', dueOn: '2027-11-23' })
    assert.equal(
      await refusalOf(none.id),
      `Lux Meter (${none.serialNumber}) belum memiliki riwayat kalibrasi pada 22 November 2026.`
    )
    assert.equal(
      await refusalOf(later.id),
      `Sound Level Meter (${later.serialNumber}) belum memiliki riwayat kalibrasi pada 22 November 2026.`
    )
  })

  test('an out-of-tolerance finding refuses it from its date, not before', async ({ assert }) => {
    const calibrator = await makeCalibrator({ name: 'Infusion Device Analyzer' })
    await addHistory(calibrator, { performedOn: '2026-01-10', dueOn: '2027-01-10' })
    await addHistory(calibrator, {
      kind: 'out_of_tolerance',
      performedOn: '2026-06-05',
      notes: 'Laju alir menyimpang.',
    })
    const after = await checkOf(calibrator.id)
    assert.isNull(after.calibration)
    assert.equal(
      after.refusal,
      `Infusion Device Analyzer (${calibrator.serialNumber}) dinyatakan di luar toleransi sejak 5 Juni 2026.`
    )
    assert.equal(
      await refusalOf(calibrator.id, '2026-06-05'),
      after.refusal,
      'refused on the day of the finding'
    )
    assert.isNull(await refusalOf(calibrator.id, '2026-06-04'), 'valid the day before')
  })

  test('a failed calibration refuses it like an out-of-tolerance finding', async ({ assert }) => {
    const calibrator = await makeCalibrator({ name: 'X-Ray Multimeter' })
    await addHistory(calibrator, { performedOn: '2025-06-18', dueOn: '2026-06-18' })
    await addHistory(calibrator, {
      performedOn: '2026-06-16',
      dueOn: '2027-06-16',
      passed: false,
      certificateNumber: 'LK-021-IDN/2026/0077',
    })
    const check = await checkOf(calibrator.id, '2026-06-17')
    assert.isNull(check.calibration)
    assert.equal(
      check.refusal,
      `X-Ray Multimeter (${calibrator.serialNumber}) dinyatakan di luar toleransi sejak 16 Juni 2026.`
    )
  })

  test('a passed calibration after an out-of-tolerance finding makes it valid again', async ({
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    await addHistory(calibrator, { performedOn: '2026-01-10', dueOn: '2027-01-10' })
    await addHistory(calibrator, { kind: 'out_of_tolerance', performedOn: '2026-06-05' })
    const recalibrated = await addHistory(calibrator, {
      performedOn: '2026-07-01',
      dueOn: '2027-07-01',
      certificateNumber: 'LK-032-IDN/2026/0500',
      uncertainties: [['Laju alir', 'mL/h', 0.6]],
    })
    assert.isNotNull(await refusalOf(calibrator.id, '2026-06-30'))
    const check = await checkOf(calibrator.id, '2026-07-01')
    assert.isNull(check.refusal)
    assert.equal(check.calibration?.id, recalibrated.id)
    assert.deepEqual(check.calibration?.uncertainties, [
      {
        parameter: 'Laju alir',
        unit: 'mL/h',
        expandedUncertainty: 0.6,
        coverageFactor: 2,
        relative: false,
        correction: null,
        resolution: null,
        drift: null,
      },
    ])
  })

  test('two rows on one day: the later one counts', async ({ assert }) => {
    const outThenPassed = await makeCalibrator()
    await addHistory(outThenPassed, { kind: 'out_of_tolerance', performedOn: '2026-07-01' })
    const passed = await addHistory(outThenPassed, {
      performedOn: '2026-07-01',
      dueOn: '2027-07-01',
    })
    const passedThenOut = await makeCalibrator()
    await addHistory(passedThenOut, { performedOn: '2026-07-01', dueOn: '2027-07-01' })
    await addHistory(passedThenOut, { kind: 'out_of_tolerance', performedOn: '2026-07-01' })
    const checks = await standardsOnDate([outThenPassed.id, passedThenOut.id], DATE)
    assert.equal(checks.get(outThenPassed.id)?.calibration?.id, passed.id)
    assert.isNotNull(checks.get(passedThenOut.id)?.refusal)
  })

  test('any number of ids is answered by one query, each id once', async ({ assert }) => {
    const calibrators = []
    for (let i = 0; i < 5; i++) {
      const calibrator = await makeCalibrator()
      await addHistory(calibrator, {
        performedOn: '2026-01-10',
        dueOn: i % 2 ? '2026-06-01' : '2027-01-10',
        uncertainties: [
          ['Suhu', '°C', 0.1],
          ['Kelembapan', '%RH', 1.5],
        ],
      })
      calibrators.push(calibrator)
    }
    const connection = db.connection()
    let queries = 0
    const counting = new Proxy(connection, {
      get(target, property) {
        const value = Reflect.get(target, property, target)
        if (typeof value !== 'function') return value
        if (['from', 'query', 'rawQuery', 'knexQuery', 'knexRawQuery'].includes(String(property)))
          return (...args: unknown[]) => {
            queries++
            return value.apply(target, args)
          }
        return value.bind(target)
      },
    }) as QueryClientContract
    const ids = [...calibrators.map((c) => c.id), calibrators[0].id, 99999999]
    const checks = await standardsOnDate(ids, DATE, counting)
    assert.equal(queries, 1)
    assert.equal(checks.size, 6)
    assert.deepEqual(
      calibrators.map((c) => checks.get(c.id)?.refusal === null),
      [true, false, true, false, true]
    )
    assert.lengthOf(checks.get(calibrators[0].id)!.calibration!.uncertainties, 2)
    assert.equal(checks.get(99999999)?.refusal, 'Kalibrator tidak ditemukan.')
    const none = await standardsOnDate([], DATE, counting)
    assert.equal(none.size, 0)
    assert.equal(queries, 1, 'no query for no ids')
  })

  test('a date not written YYYY-MM-DD is a programming error', async ({ assert }) => {
    await assert.rejects(() => standardsOnDate([1], '22/11/2026'))
  })
})
