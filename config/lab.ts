import env from '#start/env'
import type { RuleChoice } from '#shared/decision_rules'

/**
 * The laboratory as its letters print it: the letterhead's name, address and
 * logo, and the city in front of the date of every signature block.
 */
const labConfig = {
  /** The lab's zone for every date and time a person reads (APP_TIMEZONE); data is stored in UTC. */
  timezone: env.get('APP_TIMEZONE', 'Asia/Makassar'),
  name: env.get('LAB_NAME', 'Laboratorium Pengujian dan Kalibrasi Alat Kesehatan'),
  address: env.get('LAB_ADDRESS', 'Jl. Perintis Kemerdekaan Km. 11, Tamalanrea, Makassar 90245'),
  city: env.get('LAB_CITY', 'Makassar'),
  /** How a facility pays an invoice, printed on every invoice letter. */
  paymentInstructions: env.get(
    'LAB_PAYMENT_INSTRUCTIONS',
    'Pembayaran PNBP disetorkan dengan kode billing SIMPONI yang diberikan laboratorium, melalui ' +
      'bank persepsi, kantor pos, atau kanal pembayaran elektronik, paling lambat 14 hari setelah ' +
      'surat tagihan diterima. Unggah bukti setor pada halaman Tagihan permintaan ini di Kalibra.'
  ),
  /** A PNG or JPG; without it the app's own mark is drawn. */
  logoPath: env.get('LAB_LOGO_PATH'),
  /**
   * How a certificate number is built when the officer leaves it blank: {seq} is the lab's
   * running number for the year (zero-padded to 4; {seq:3} pads to 3), {lab} the lab (PK,
   * UKPR, SARPRAS), {template} the device type's number (or KAL/{lab}), {month} the
   * certificate month in Roman numerals, {year} the year.
   */
  certificatePattern: env.get('CERTIFICATE_NUMBER_PATTERN', '{template}/{seq}/{month}/{year}'),
  /**
   * The most devices one order may hold (the sum of the requested quantities, every lab
   * together): a bigger request is refused with the limit named, and the lab splits it. 500
   * devices are written in well under a second; 20,000 held every other writer for 38 s.
   */
  maxOrderDevices: Math.max(1, env.get('ORDER_MAX_DEVICES', 500)),
  /**
   * How worksheets judge and report a point (issue 37): the lab's default decision rule by
   * ILAC-G8 (simple acceptance, a guard band w = r·U, or non-binary), whether U is rounded up
   * to its two significant figures, and the test uncertainty ratio (tolerance ÷ U) below which
   * the officer is warned.
   */
  measurement: {
    decision: {
      rule: env.get('LAB_DECISION_RULE', 'simple'),
      guardFactor: env.get('LAB_GUARD_BAND_FACTOR', 1),
    } satisfies RuleChoice,
    roundUp: env.get('LAB_ROUND_UNCERTAINTY_UP', false),
    minimumTur: env.get('LAB_MINIMUM_TUR', 4),
    /** Fewer readings than this take the pooled s of the device type's history (GUM 4.2.4). */
    minimumReadings: Math.max(1, env.get('LAB_MINIMUM_READINGS', 2)),
  },
}

export default labConfig
