import { test } from '@japa/runner'
import {
  accommodationCosts,
  accommodationDefaults,
  estimateDays,
  roundDays,
} from '#shared/insitu_costs'

/** Issue 11.4: the spec's estimate and accommodation formulas, against cases worked by hand. */
test.group('Insitu estimate: rounding of days', () => {
  test('{raw} days round to {days}')
    .with([
      { raw: 0, days: 0 },
      { raw: 0.2, days: 1 },
      { raw: 0.5, days: 1 },
      { raw: 0.99, days: 1 },
      { raw: 1, days: 1 },
      { raw: 1.5, days: 1 },
      { raw: 1.51, days: 2 },
      { raw: 2.5, days: 2 },
      { raw: 2.51, days: 3 },
      { raw: 2.501, days: 2 },
      { raw: 3.49, days: 3 },
    ])
    .run(({ assert }, { raw, days }) => {
      assert.equal(roundDays(raw), days)
    })
})

test.group('Insitu estimate: days per lab', () => {
  // 6 devices x 75 min = 450 min = 7.5 h = 1 working day.
  const oneDay = [{ quantity: 6, minuteEstimation: 75 }]

  test('PK divides the work among the officers; travel is added whole', ({ assert }) => {
    // Work 3 days (3 x 450 min) over 3 officers = 1 day; travel 3 h 45 min = 0.5 day.
    const items = [{ quantity: 18, minuteEstimation: 75 }]
    const result = estimateDays(items, { ppHour: 3, ppMinute: 45, officers: 3 }, true)
    assert.equal(result.workMinutes, 1350)
    assert.equal(result.raw, 1.5)
    assert.equal(result.final, 1)
  })

  test('UKPR does not divide by the officers', ({ assert }) => {
    const items = [{ quantity: 18, minuteEstimation: 75 }]
    const result = estimateDays(items, { ppHour: 3, ppMinute: 45, officers: 3 }, false)
    assert.equal(result.raw, 3.5)
    assert.equal(result.final, 3)
  })

  test('one officer: the work is not divided', ({ assert }) => {
    const result = estimateDays(oneDay, { ppHour: 0, ppMinute: 0, officers: 1 }, true)
    assert.equal(result.raw, 1)
    assert.equal(result.final, 1)
  })

  test('a little work becomes one day, and 0.51 over a day rounds up', ({ assert }) => {
    // 30 min = 0.0667 day.
    const small = estimateDays(
      [{ quantity: 1, minuteEstimation: 30 }],
      { ppHour: 0, ppMinute: 0, officers: 1 },
      true
    )
    assert.equal(small.raw, 0.07)
    assert.equal(small.final, 1)
    // 1 day of work + 3 h 49.5 min travel: 7.5 x 0.51 = 3.825 h = 3 h 49.5 min.
    const over = estimateDays(oneDay, { ppHour: 3, ppMinute: 49.5, officers: 1 }, false)
    assert.equal(over.raw, 1.51)
    assert.equal(over.final, 2)
  })

  test('no requests and no travel is no day at all', ({ assert }) => {
    const none = estimateDays([], { ppHour: 0, ppMinute: 0, officers: 2 }, true)
    assert.deepEqual(none, { workMinutes: 0, raw: 0, final: 0 })
  })
})

test.group('Insitu accommodation', () => {
  const base = {
    officerPrice: 150_000,
    officerCount: 3,
    officerDay: 2,
    transportationPrice: 400_000,
    transportationDay: 2,
    transportationCount: 1,
    hotelPrice: 350_000,
    hotelDay: 1,
    hotelCount: 2,
    planePrice: 1_200_000,
    planeCount: 3,
    planeLuggage: 250_000,
    planeIsPp: true,
  }

  test('a round trip flies twice; the luggage fee is added once', ({ assert }) => {
    assert.deepEqual(accommodationCosts(base), {
      officer: 900_000,
      transportation: 800_000,
      hotel: 700_000,
      plane: 7_450_000,
      total: 9_850_000,
    })
  })

  test('a one-way flight flies once', ({ assert }) => {
    const costs = accommodationCosts({ ...base, planeIsPp: false })
    assert.equal(costs.plane, 3_850_000)
    assert.equal(costs.total, 6_250_000)
  })

  test('defaults: the estimate officers for its whole days, two to a room, one way', ({
    assert,
  }) => {
    const three = accommodationDefaults({ totalOfficer: 3, finalEstimation: 2 })
    assert.include(three, { officerCount: 3, officerDay: 2, hotelCount: 2, planeIsPp: false })
    const one = accommodationDefaults({ totalOfficer: 1, finalEstimation: 1 })
    assert.include(one, { officerCount: 1, officerDay: 1, hotelCount: 1 })
  })
})
