import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  completionAt,
  formatDuration,
  splitDuration,
  totalMinutes,
  workingMinutesOn,
} from '#shared/completion_estimate'

/**
 * The spec's working-time rule (part 2 section 9): Mon-Thu 08:00-16:00 = 480
 * minutes, Fri 08:00-16:30 = 510 minutes, no weekend, public holidays skipped
 * (domain decisions). Every expected value below is worked out by hand in the
 * comment next to it, never by calling the code under test.
 *
 * Calendar used (checked: 1 January 2026 is a Thursday, so 1 March 2026 is a
 * Sunday and 1 December 2026 a Tuesday):
 *   Mon 2 Mar 2026, Thu 5 Mar, Fri 6 Mar, Sat 7 Mar, Sun 8 Mar,
 *   Mon 9 Mar, Tue 10 Mar, Wed 11 Mar, Thu 12 Mar, Fri 13 Mar, Mon 16 Mar,
 *   Tue 17 Mar; Thu 24 Dec 2026, Fri 25 Dec 2026 (Natal), Mon 28 Dec 2026.
 */
const ZONE = 'Asia/Makassar'
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE })
const noHoliday = () => false
const holidays =
  (...dates: string[]) =>
  (iso: string) =>
    dates.includes(iso)
/** The answer as lab-local wall time, to compare with the hand calculation. */
const local = (value: DateTime) => value.setZone(ZONE).toFormat("yyyy-LL-dd'T'HH:mm")

test.group('Completion estimate | working minutes per day', () => {
  test('Mon-Thu 480, Fri 510, Sat and Sun 0, a holiday 0', ({ assert }) => {
    assert.equal(workingMinutesOn(at('2026-03-09')), 480) // Monday
    assert.equal(workingMinutesOn(at('2026-03-10')), 480) // Tuesday
    assert.equal(workingMinutesOn(at('2026-03-11')), 480) // Wednesday
    assert.equal(workingMinutesOn(at('2026-03-12')), 480) // Thursday
    assert.equal(workingMinutesOn(at('2026-03-13')), 510) // Friday: 08:00-16:30
    assert.equal(workingMinutesOn(at('2026-03-07')), 0) // Saturday
    assert.equal(workingMinutesOn(at('2026-03-08')), 0) // Sunday
    assert.equal(workingMinutesOn(at('2026-03-10'), holidays('2026-03-10')), 0) // holiday Tuesday
    assert.equal(workingMinutesOn(at('2026-12-25'), holidays('2026-12-25')), 0) // Natal, a Friday
  })
})

test.group('Completion estimate | rolling forward from the arrival', () => {
  test('an order that fits in one Monday ends the same day', ({ assert }) => {
    // Mon 9 Mar 08:00 + 90 min = 09:30.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), 90, noHoliday)), '2026-03-09T09:30')
    // Exactly one full Monday: 08:00 + 480 = 16:00 the same day, not the next morning.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), 480, noHoliday)), '2026-03-09T16:00')
  })

  test('the arrival date at midnight starts at 08:00 that day', ({ assert }) => {
    // Wed 11 Mar 00:00 -> opens 08:00; 480 min fill Wednesday: 16:00.
    assert.equal(local(completionAt(at('2026-03-11'), 480, noHoliday)), '2026-03-11T16:00')
    // 481 min: Wednesday's 480, then 1 minute on Thursday: Thu 12 Mar 08:01.
    assert.equal(local(completionAt(at('2026-03-11'), 481, noHoliday)), '2026-03-12T08:01')
  })

  test('a Friday has 510 minutes, ending 16:30', ({ assert }) => {
    // Fri 6 Mar 08:00 + 510 = 16:30 the same Friday.
    assert.equal(local(completionAt(at('2026-03-06T08:00'), 510, noHoliday)), '2026-03-06T16:30')
    // 500 min on a Friday still ends Friday: 08:00 + 500 = 16:20 (a Monday would have spilled over).
    assert.equal(local(completionAt(at('2026-03-06T08:00'), 500, noHoliday)), '2026-03-06T16:20')
    // 511 min: Friday's 510, the weekend skipped, 1 minute on Mon 9 Mar: 08:01.
    assert.equal(local(completionAt(at('2026-03-06T08:00'), 511, noHoliday)), '2026-03-09T08:01')
  })

  test('Thursday work spills into Friday, Friday work into Monday', ({ assert }) => {
    // Thu 5 Mar 14:00: 120 min left on Thursday (to 16:00); 300 - 120 = 180 on Friday: 11:00.
    assert.equal(local(completionAt(at('2026-03-05T14:00'), 300, noHoliday)), '2026-03-06T11:00')
    // Fri 6 Mar 15:00: 90 min left (to 16:30); 200 - 90 = 110 on Monday: 09:50.
    assert.equal(local(completionAt(at('2026-03-06T15:00'), 200, noHoliday)), '2026-03-09T09:50')
  })

  test('an arrival on a weekend starts on Monday 08:00', ({ assert }) => {
    // Sat 7 Mar 10:00: nothing on Saturday or Sunday; Mon 9 Mar 08:00 + 60 = 09:00.
    assert.equal(local(completionAt(at('2026-03-07T10:00'), 60, noHoliday)), '2026-03-09T09:00')
    // Sun 8 Mar 23:30 + 480 = all of Monday: Mon 9 Mar 16:00.
    assert.equal(local(completionAt(at('2026-03-08T23:30'), 480, noHoliday)), '2026-03-09T16:00')
  })

  test('a public holiday is skipped like a weekend day', ({ assert }) => {
    // Mon 9 Mar 08:00, 600 min, Tue 10 Mar a holiday:
    // Monday 480 (120 left), Tuesday skipped, Wed 11 Mar 08:00 + 120 = 10:00.
    assert.equal(
      local(completionAt(at('2026-03-09T08:00'), 600, holidays('2026-03-10'))),
      '2026-03-11T10:00'
    )
    // Without the holiday the same order ends Tue 10 Mar 10:00.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), 600, noHoliday)), '2026-03-10T10:00')
    // Thu 24 Dec 2026 12:00, 360 min, Natal on Fri 25 Dec:
    // Thursday 12:00-16:00 = 240 (120 left), Fri holiday, Sat, Sun, Mon 28 Dec 08:00 + 120 = 10:00.
    assert.equal(
      local(completionAt(at('2026-12-24T12:00'), 360, holidays('2026-12-25'))),
      '2026-12-28T10:00'
    )
    // An arrival on the holiday itself starts the next working day:
    // Tue 10 Mar (holiday) + 30 min -> Wed 11 Mar 08:30.
    assert.equal(
      local(completionAt(at('2026-03-10T09:00'), 30, holidays('2026-03-10'))),
      '2026-03-11T08:30'
    )
  })

  test('an order longer than a week crosses the weekend with the right Friday', ({ assert }) => {
    // Mon 9 Mar 08:00, 3000 min. One working week holds 4 x 480 + 510 = 2430 min
    // (Mon-Fri 9-13 Mar); 3000 - 2430 = 570 left. Weekend skipped.
    // Mon 16 Mar: 480 (90 left). Tue 17 Mar 08:00 + 90 = 09:30.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), 3000, noHoliday)), '2026-03-17T09:30')
    // Two full weeks, 2 x 2430 = 4860 min: ends exactly Fri 20 Mar 16:30.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), 4860, noHoliday)), '2026-03-20T16:30')
    // Same 3000 min with Mon 16 Mar a holiday: 570 left after the first week,
    // Mon skipped, Tue 17 Mar 480 (90 left), Wed 18 Mar 09:30.
    assert.equal(
      local(completionAt(at('2026-03-09T08:00'), 3000, holidays('2026-03-16'))),
      '2026-03-18T09:30'
    )
  })

  test('zero minutes answers the first working moment, never earlier', ({ assert }) => {
    // Mon 9 Mar 10:15, nothing to do: done at once.
    assert.equal(local(completionAt(at('2026-03-09T10:15'), 0, noHoliday)), '2026-03-09T10:15')
    // Mon 9 Mar 06:00: the lab opens at 08:00.
    assert.equal(local(completionAt(at('2026-03-09T06:00'), 0, noHoliday)), '2026-03-09T08:00')
    // Sat 7 Mar: Mon 9 Mar 08:00.
    assert.equal(local(completionAt(at('2026-03-07T12:00'), 0, noHoliday)), '2026-03-09T08:00')
    // A negative total counts as zero: Mon 9 Mar 08:00 stays 08:00.
    assert.equal(local(completionAt(at('2026-03-09T08:00'), -120, noHoliday)), '2026-03-09T08:00')
  })

  test('a start before 08:00 waits for opening time', ({ assert }) => {
    // Mon 9 Mar 06:30 + 30 min: work starts 08:00, done 08:30.
    assert.equal(local(completionAt(at('2026-03-09T06:30'), 30, noHoliday)), '2026-03-09T08:30')
    // Fri 6 Mar 07:59 + 510: a full Friday from 08:00, done 16:30.
    assert.equal(local(completionAt(at('2026-03-06T07:59'), 510, noHoliday)), '2026-03-06T16:30')
  })

  test('a start after closing continues the next working morning', ({ assert }) => {
    // Mon 9 Mar 16:00 exactly (closing) + 30: Tue 10 Mar 08:30.
    assert.equal(local(completionAt(at('2026-03-09T16:00'), 30, noHoliday)), '2026-03-10T08:30')
    // Thu 12 Mar 17:00 + 10: Fri 13 Mar 08:10.
    assert.equal(local(completionAt(at('2026-03-12T17:00'), 10, noHoliday)), '2026-03-13T08:10')
    // Thu 12 Mar 16:15 (after Thursday's 16:00, though a Friday would still be open) + 10: Fri 08:10.
    assert.equal(local(completionAt(at('2026-03-12T16:15'), 10, noHoliday)), '2026-03-13T08:10')
    // Fri 13 Mar 16:15: Friday is open until 16:30, 15 min there, 15 on Mon 16 Mar: 08:15.
    assert.equal(local(completionAt(at('2026-03-13T16:15'), 30, noHoliday)), '2026-03-16T08:15')
    // Fri 13 Mar 16:30 (Friday closing) + 30: Mon 16 Mar 08:30.
    assert.equal(local(completionAt(at('2026-03-13T16:30'), 30, noHoliday)), '2026-03-16T08:30')
  })
})

test.group('Completion estimate | totals and display', () => {
  test('total minutes = sum of minute_estimation x quantity', ({ assert }) => {
    // 2 x 60 + 3 x 45 + 1 x 240 = 120 + 135 + 240 = 495.
    assert.equal(
      totalMinutes([
        { minuteEstimation: 60, quantity: 2 },
        { minuteEstimation: 45, quantity: 3 },
        { minuteEstimation: 240, quantity: 1 },
      ]),
      495
    )
    assert.equal(totalMinutes([]), 0)
    // A line with quantity 0 adds nothing.
    assert.equal(totalMinutes([{ minuteEstimation: 90, quantity: 0 }]), 0)
  })

  test('the duration shows days of 1440 minutes, hours and minutes', ({ assert }) => {
    // 0 -> 0 hari 0 jam 0 menit.
    assert.equal(formatDuration(0), '0 hari 0 jam 0 menit')
    // 495 = 8 h 15 min.
    assert.equal(formatDuration(495), '0 hari 8 jam 15 menit')
    // 1440 = exactly one display day.
    assert.equal(formatDuration(1440), '1 hari 0 jam 0 menit')
    // 3000 = 2 x 1440 (2880) + 120 -> 2 hari 2 jam 0 menit (not working days of 480).
    assert.equal(formatDuration(3000), '2 hari 2 jam 0 menit')
    // 1501 = 1440 + 61 -> 1 hari 1 jam 1 menit.
    assert.deepEqual(splitDuration(1501), { days: 1, hours: 1, minutes: 1 })
    // 59 -> 0 hari 0 jam 59 menit.
    assert.deepEqual(splitDuration(59), { days: 0, hours: 0, minutes: 59 })
  })
})
