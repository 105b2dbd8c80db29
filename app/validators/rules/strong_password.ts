import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as zxcvbnCommon from '@zxcvbn-ts/language-common'
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en'

export const WEAK_PASSWORD_MESSAGE =
  'Kata sandi terlalu lemah atau mudah ditebak. Gunakan minimal 8 karakter berupa gabungan beberapa kata, angka, atau simbol.'

/**
 * zxcvbn scores 0-4; 3 means an attacker needs about 10^8 guesses or more.
 * It refuses "password123", "kalibra2026", "12345678", "qwertyui" and a
 * name with a year, and accepts a passphrase of a few words.
 */
export const MIN_PASSWORD_SCORE = 3

/**
 * Words an attacker of this app tries first: the product and its domain, and
 * the Indonesian words people build passwords from (the bundled dictionaries
 * are English only).
 */
const LOCAL_WORDS = [
  'kalibra',
  'kalibrasi',
  'bpfk',
  'lpfk',
  'alkes',
  'fasyankes',
  'laboratorium',
  'makassar',
  'sulawesi',
  'indonesia',
  'jakarta',
  'rahasia',
  'rahasiaku',
  'sandi',
  'sandiku',
  'katasandi',
  'kata',
  'baru',
  'lama',
  'masuk',
  'admin',
  'petugas',
  'kepala',
  'pelayanan',
  'teknik',
  'bendahara',
  'kepegawaian',
  'rumahsakit',
  'rumah',
  'sakit',
  'puskesmas',
  'klinik',
  'kesehatan',
  'sayang',
  'cinta',
  'bismillah',
  'alhamdulillah',
  'merdeka',
  'garuda',
  'pancasila',
  'selamat',
  'semangat',
  'sukses',
  'ganteng',
  'cantik',
]

let estimator: ZxcvbnFactory | undefined

/** Built on first use: ranking the dictionaries takes a moment and most requests never need it. */
function zxcvbn() {
  estimator ??= new ZxcvbnFactory({
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: {
      ...zxcvbnCommon.dictionary,
      ...zxcvbnEnglish.dictionary,
      kalibra: LOCAL_WORDS,
    },
  })
  return estimator
}

/**
 * Names and emails as guessable words: the whole value, each word of it, and
 * the words run together ("Budi Santoso, S.T." gives budi, santoso,
 * budisantoso, "budi santoso"; an email its local part and that part's words).
 */
export function userInputsOf(values: unknown[]): string[] {
  const inputs = new Set<string>()
  for (const value of values) {
    if (typeof value !== 'string' || !value.trim()) continue
    const text = value.trim().toLowerCase()
    inputs.add(text)
    // A name's academic titles follow a comma; the email's domain is no personal word.
    const personal = text.includes('@') ? text.split('@')[0] : text.split(',')[0]
    const words = personal.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)
    for (const word of words) inputs.add(word)
    if (words.length > 1) {
      inputs.add(words.join(''))
      inputs.add(words.join(' '))
    }
  }
  return [...inputs]
}

export async function isStrongPassword(password: string, userInputs: unknown[] = []) {
  const result = await zxcvbn().check(password, userInputsOf(userInputs))
  return result.score >= MIN_PASSWORD_SCORE
}

export interface StrongPasswordOptions {
  /** Sibling fields whose values (name, email) the password must not be built from. */
  fields?: string[]
}

/**
 * Refuses common and easily guessed passwords. The account's own name and
 * email count as guessable: from the sibling fields named in the options and
 * from `meta.passwordUserInputs` (forms that do not send them, such as /password).
 */
export const strongPassword = vine.createRule(
  async (value: unknown, options: StrongPasswordOptions | undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const related = [
      ...(options?.fields ?? []).map((name) => field.parent?.[name]),
      ...((field.meta?.passwordUserInputs as unknown[] | undefined) ?? []),
    ]
    if (!(await isStrongPassword(value, related))) {
      field.report(WEAK_PASSWORD_MESSAGE, 'strongPassword', field)
    }
  },
  { isAsync: true }
)

/** Every field where a password is set: length bounds and the strength rule. */
export function newPasswordRule(options?: StrongPasswordOptions) {
  return vine.string().minLength(8).maxLength(128).use(strongPassword(options))
}
