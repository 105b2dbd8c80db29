/**
 * An amount of rupiah in Indonesian words, as invoices and offering letters
 * print it: 1_250_000 -> "satu juta dua ratus lima puluh ribu". Whole numbers
 * from 0 up to (not including) a thousand trillion.
 */
const UNITS = [
  '',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
  'sepuluh',
  'sebelas',
]

const SCALES = [
  [1_000_000_000_000, 'triliun'],
  [1_000_000_000, 'miliar'],
  [1_000_000, 'juta'],
  [1_000, 'ribu'],
] as const

function belowThousand(n: number): string {
  if (n < 12) return UNITS[n]
  if (n < 20) return `${UNITS[n - 10]} belas`
  if (n < 100) {
    const rest = n % 10
    return `${UNITS[Math.floor(n / 10)]} puluh${rest ? ` ${UNITS[rest]}` : ''}`
  }
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const head = hundreds === 1 ? 'seratus' : `${UNITS[hundreds]} ratus`
  return rest ? `${head} ${belowThousand(rest)}` : head
}

export const TERBILANG_LIMIT = 1_000_000_000_000_000

export function terbilang(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount >= TERBILANG_LIMIT) {
    throw new RangeError(`Jumlah di luar jangkauan terbilang: ${amount}`)
  }
  if (amount === 0) return 'nol'
  const words: string[] = []
  let rest = amount
  for (const [size, name] of SCALES) {
    const count = Math.floor(rest / size)
    if (count === 0) continue
    // "seribu", never "satu ribu"; every other scale keeps "satu" (satu juta).
    words.push(size === 1000 && count === 1 ? 'seribu' : `${belowThousand(count)} ${name}`)
    rest %= size
  }
  if (rest) words.push(belowThousand(rest))
  return words.join(' ')
}

/** "Satu juta dua ratus lima puluh ribu rupiah", as printed under an amount. */
export function rupiahInWords(amount: number) {
  const words = `${terbilang(amount)} rupiah`
  return words.charAt(0).toUpperCase() + words.slice(1)
}
