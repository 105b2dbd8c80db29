import { test } from '@japa/runner'
import { stageErrors, stageOf, type StageDates } from '#actions/orders/invoices'

test.group('Invoice stages', () => {
  test('stage 1 alone, then 2 and 3 in order, hold', ({ assert }) => {
    const cases: [StageDates, number][] = [
      [['2026-11-01', null, null], 1],
      [['2026-11-01', '2026-11-08', null], 2],
      [['2026-11-01', '2026-11-01', '2026-12-01'], 3],
    ]
    for (const [dates, stage] of cases) {
      assert.deepEqual(stageErrors(dates), {}, dates.join())
      assert.equal(stageOf(dates), stage)
    }
  })

  test('a stage without the earlier one, or dated before it, is refused under its own field', ({
    assert,
  }) => {
    assert.deepEqual(stageErrors([null, null, null]), {
      first_date: 'Tanggal Tagihan 1 wajib diisi.',
    })
    assert.deepEqual(stageErrors(['2026-11-01', null, '2026-11-20']), {
      third_date: 'Tanggal Tagihan 3 hanya dapat diisi setelah Tanggal Tagihan 2 diisi.',
    })
    assert.deepEqual(stageErrors(['2026-11-10', '2026-11-09', null]), {
      second_date: 'Tanggal Tagihan 2 tidak boleh sebelum Tanggal Tagihan 1.',
    })
    assert.deepEqual(stageErrors([null, '2026-11-09', null]), {
      first_date: 'Tanggal Tagihan 1 wajib diisi.',
      second_date: 'Tanggal Tagihan 2 hanya dapat diisi setelah Tanggal Tagihan 1 diisi.',
    })
    assert.equal(stageOf([null, null, null]), 0)
  })
})
