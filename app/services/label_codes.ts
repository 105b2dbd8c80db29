import { randomInt } from 'node:crypto'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'

/**
 * The code of a verifiable label (issue 12): ten characters of Crockford's base32 (no I, L, O
 * or U), about 50 bits drawn at random, so codes cannot be guessed from one another. Printed
 * in two groups of five (`7K2QM-X9D4R`); typed with or without the dash, in any case.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const LABEL_CODE_LENGTH = 10
const CODE = new RegExp(`^[${ALPHABET}]{${LABEL_CODE_LENGTH}}$`)

export function newLabelCode() {
  let code = ''
  for (let index = 0; index < LABEL_CODE_LENGTH; index++) code += ALPHABET[randomInt(32)]
  return code
}

/** The stored form of a typed or scanned code, or null when it cannot be one. */
export function normalLabelCode(input: string): string | null {
  if (input.length > 2 * LABEL_CODE_LENGTH) return null
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  return CODE.test(code) ? code : null
}

/** How a code is printed and shown: two groups of five. */
export function printedLabelCode(code: string) {
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Where a label's QR code leads: the public verification page, on APP_URL (README). */
export function verificationUrl(code: string) {
  return urlFor('labels.verify', { code }, { prefixUrl: appUrl.replace(/\/+$/, '') })
}
