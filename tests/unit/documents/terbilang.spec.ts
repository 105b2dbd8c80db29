import { test } from '@japa/runner'
import { rupiahInWords, terbilang, TERBILANG_LIMIT } from '#documents/kit/terbilang'

test.group('Documents | terbilang (rupiah in words)', () => {
  const CASES: [number, string][] = [
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [99, 'sembilan puluh sembilan'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [110, 'seratus sepuluh'],
    [111, 'seratus sebelas'],
    [200, 'dua ratus'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1_000, 'seribu'],
    [1_001, 'seribu satu'],
    [1_100, 'seribu seratus'],
    [2_000, 'dua ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [150_000, 'seratus lima puluh ribu'],
    [1_000_000, 'satu juta'],
    [1_001_000, 'satu juta seribu'],
    [1_250_000, 'satu juta dua ratus lima puluh ribu'],
    [17_500_000, 'tujuh belas juta lima ratus ribu'],
    [1_000_000_000, 'satu miliar'],
    [2_000_000_001, 'dua miliar satu'],
    [1_000_000_000_000, 'satu triliun'],
    [1_100_000_000_000, 'satu triliun seratus miliar'],
    [
      999_999_999_999_999,
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    ],
  ]

  test('{0} is written "{1}"')
    .with(CASES)
    .run(({ assert }, [amount, words]) => {
      assert.equal(terbilang(amount), words)
    })

  test('an amount under a printed total reads as a sentence ending in rupiah', ({ assert }) => {
    assert.equal(rupiahInWords(1_250_000), 'Satu juta dua ratus lima puluh ribu rupiah')
    assert.equal(rupiahInWords(0), 'Nol rupiah')
  })

  test('amounts it cannot write are refused, never printed wrong', ({ assert }) => {
    for (const amount of [-1, 1.5, Number.NaN, TERBILANG_LIMIT, Number.MAX_SAFE_INTEGER + 2]) {
      assert.throws(() => terbilang(amount), RangeError)
    }
  })
})
