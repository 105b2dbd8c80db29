import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { formatDate, formatDateTime, labClock, LAB_TIMEZONE } from '#services/format'

test.group('Format | the lab clock', () => {
  test('labClock reads the same wall clock as the time zone rules, moment by moment', ({
    assert,
  }) => {
    // Every 7 hours and 13 minutes from 2000 to 2040: all hours, days and month ends.
    const step = (7 * 60 + 13) * 60_000
    for (let moment = Date.UTC(2000, 0, 1); moment < Date.UTC(2040, 0, 1); moment += step * 97) {
      for (let i = 0; i < 97; i++) {
        const at = moment + i * step
        const zone = DateTime.fromMillis(at, { zone: LAB_TIMEZONE })
        assert.deepEqual(
          labClock(new Date(at)),
          {
            year: zone.year,
            month: zone.month,
            day: zone.day,
            hour: zone.hour,
            minute: zone.minute,
          },
          new Date(at).toISOString()
        )
      }
    }
  })

  test('dates and moments read as the lab reads them', ({ assert }) => {
    // 31 December 2025 23:30 UTC is already the new year in Makassar (UTC+8).
    assert.equal(
      formatDateTime(new Date(Date.UTC(2025, 11, 31, 23, 30))),
      '1 Januari 2026 07:30 WITA'
    )
    assert.equal(formatDate('2026-11-25'), '25 November 2026')
    assert.equal(formatDate('2026-02-28T16:00:00.000Z'), '1 Maret 2026')
    assert.equal(formatDateTime(null), '-')
  })
})
