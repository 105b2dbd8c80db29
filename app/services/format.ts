import { DateTime } from 'luxon'
import env from '#start/env'

/** The lab's zone for everything a person reads; data is stored in UTC. */
export const LAB_TIMEZONE = env.get('APP_TIMEZONE', 'Asia/Makassar')

const ZONE_ABBREVIATIONS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
}

export function labNow() {
  return DateTime.now().setZone(LAB_TIMEZONE).setLocale('id')
}

/** Today's date at the lab, `2026-11-24`. */
export function labToday() {
  return labNow().toISODate()!
}

/**
 * A DATE column as YYYY-MM-DD, whether the driver gives text (SQLite) or a Date at local
 * midnight (PostgreSQL); null when empty.
 */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  return value instanceof Date ? DateTime.fromJSDate(value).toISODate() : String(value).slice(0, 10)
}

/** `22 November 2026` */
export function formatDate(value: DateTime | Date | string | null | undefined) {
  const date = toDateTime(value)
  return date ? date.toFormat('d MMMM yyyy') : '-'
}

/** `22 November 2026 14:05 WITA` */
export function formatDateTime(value: DateTime | Date | string | null | undefined) {
  const date = toDateTime(value)
  if (!date) return '-'
  return `${date.toFormat('d MMMM yyyy HH:mm')} ${ZONE_ABBREVIATIONS[LAB_TIMEZONE] ?? LAB_TIMEZONE}`
}

function toDateTime(value: DateTime | Date | string | null | undefined) {
  if (!value) return null
  const date =
    value instanceof DateTime
      ? value
      : value instanceof Date
        ? DateTime.fromJSDate(value)
        : DateTime.fromISO(value)
  return date.isValid ? date.setZone(LAB_TIMEZONE).setLocale('id') : null
}

/** `Rp 1.250.000`: whole rupiah, Indonesian grouping. */
export function formatRupiah(amount: number | null | undefined) {
  if (amount === null || amount === undefined) return '-'
  return `Rp ${Math.round(amount).toLocaleString('id-ID')}`
}

/** A moment as timestamps are stored and compared as text: UTC, `2026-11-24 16:00:00`. */
export function utcText(moment: DateTime) {
  return moment.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
}

/** A timestamp as the database returns it (a Date on PostgreSQL, UTC text on SQLite). */
export function fromDatabase(value: unknown): DateTime | null {
  if (!value) return null
  if (value instanceof Date) return DateTime.fromJSDate(value)
  const parsed = DateTime.fromSQL(String(value), { zone: 'utc' })
  return parsed.isValid ? parsed : DateTime.fromISO(String(value), { zone: 'utc' })
}

/** A DATE column as text (`YYYY-MM-DD…`): a Date on PostgreSQL, text on SQLite; null if unset. */
export function dateFromDatabase(value: unknown) {
  return value instanceof Date ? value.toISOString() : value ? String(value) : null
}

/** How long something has waited, in words: "kurang dari 1 jam", "5 jam", "3 hari". */
export function formatAge(since: DateTime, now: DateTime = DateTime.utc()) {
  const hours = Math.floor(now.diff(since, 'hours').hours)
  if (hours < 1) return 'kurang dari 1 jam'
  if (hours < 24) return `${hours} jam`
  return `${Math.floor(hours / 24)} hari`
}
