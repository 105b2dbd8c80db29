import { DateTime, Settings } from 'luxon'
import labConfig from '#config/lab'
import { MONTHS } from '#shared/months'

/** The lab's zone for everything a person reads; data is stored in UTC. */
export const LAB_TIMEZONE = labConfig.timezone

const ZONE_ABBREVIATIONS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
}

export function labNow() {
  return DateTime.now().setZone(LAB_TIMEZONE).setLocale('id')
}

/** The lab's date of the current minute (a date only changes on a minute). */
let today = { minute: Number.NaN, date: '' }

/** Today's date at the lab, `2026-11-24` (worked out once a minute: lists ask it per row). */
export function labToday() {
  const minute = Math.floor(Settings.now() / 60_000)
  if (minute !== today.minute) today = { minute, date: labNow().toISODate()! }
  return today.date
}

/**
 * A DATE column as YYYY-MM-DD, whether the driver gives text (SQLite) or a Date at local
 * midnight (PostgreSQL); null when empty.
 */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  return value instanceof Date ? DateTime.fromJSDate(value).toISODate() : String(value).slice(0, 10)
}

/** The lab's wall clock of a moment, read by Intl (an export formats tens of thousands). */
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: LAB_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function clockOf(parts: Intl.DateTimeFormatPart[]) {
  const found: Record<string, string> = {}
  for (const { type, value } of parts) found[type] = value
  return {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    hour: Number(found.hour),
    minute: Number(found.minute),
  }
}

/**
 * The zone's distance from UTC in minutes when it never changes (no daylight saving, the same
 * offset each January and July from 2000 to 2060: every Indonesian zone), else null.
 */
function fixedOffset() {
  let offset: number | null = null
  for (let year = 2000; year <= 2060; year++) {
    for (const month of [0, 6]) {
      const moment = Date.UTC(year, month, 1)
      const clock = clockOf(wallClock.formatToParts(moment))
      const local = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)
      const minutes = (local - moment) / 60_000
      if (offset !== null && minutes !== offset) return null
      offset = minutes
    }
  }
  return offset
}

const FIXED_OFFSET_MINUTES = fixedOffset()
const FIXED_OFFSET_MS = FIXED_OFFSET_MINUTES === null ? null : FIXED_OFFSET_MINUTES * 60_000

/**
 * The lab zone's fixed distance from UTC in minutes (480 for WITA), or null in a zone with
 * daylight saving: the reports' kept months (database/report_counts.ts) need a fixed one.
 */
export function labOffsetMinutes() {
  return FIXED_OFFSET_MINUTES
}

/**
 * The lab's calendar day and clock of a moment: year, month (1-12), day, hour, minute. In a
 * zone of fixed offset it is plain arithmetic (a list formats every date of every row), else
 * Intl reads the zone's rules.
 */
export function labClock(moment: Date) {
  if (FIXED_OFFSET_MS === null) return clockOf(wallClock.formatToParts(moment))
  const local = new Date(moment.getTime() + FIXED_OFFSET_MS)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** `22 November 2026`, `22 November 2026 14:05` of a moment at the lab. */
function labText(moment: Date, withTime: boolean) {
  const clock = labClock(moment)
  const day = `${clock.day} ${MONTHS[clock.month - 1]} ${clock.year}`
  return withTime ? `${day} ${twoDigits(clock.hour)}:${twoDigits(clock.minute)}` : day
}

/** Dates repeat across a list's rows: each text is formatted once. */
const formattedDates = new Map<string, string>()

/** `22 November 2026` */
export function formatDate(value: DateTime | Date | string | null | undefined) {
  if (typeof value === 'string') {
    const known = formattedDates.get(value)
    if (known) return known
    const date = toDateTime(value)
    const text = date ? labText(date.toJSDate(), false) : '-'
    if (formattedDates.size >= 10_000) formattedDates.clear()
    formattedDates.set(value, text)
    return text
  }
  const date = toDateTime(value)
  return date ? labText(date.toJSDate(), false) : '-'
}

/** `22 November 2026 14:05 WITA` */
export function formatDateTime(value: DateTime | Date | string | null | undefined) {
  const moment =
    value instanceof Date ? value : value instanceof DateTime ? value : toDateTime(value)
  if (!moment || (moment instanceof DateTime && !moment.isValid)) return '-'
  const date = moment instanceof Date ? moment : moment.toJSDate()
  if (Number.isNaN(date.getTime())) return '-'
  return `${labText(date, true)} ${ZONE_ABBREVIATIONS[LAB_TIMEZONE] ?? LAB_TIMEZONE}`
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

/** Indonesian grouping, one formatter for every amount (toLocaleString makes one per call). */
const GROUPED = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 })

/** `Rp 1.250.000`: whole rupiah, Indonesian grouping. */
export function formatRupiah(amount: number | null | undefined) {
  if (amount === null || amount === undefined) return '-'
  return `Rp ${GROUPED.format(Math.round(amount))}`
}

/** A moment as timestamps are stored and compared as text: UTC, `2026-11-24 16:00:00`. */
export function utcText(moment: DateTime) {
  return moment.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
}

/** A timestamp as the database returns it (a Date on PostgreSQL, UTC text on SQLite). */
const SQL_UTC = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

export function fromDatabase(value: unknown): DateTime | null {
  if (!value) return null
  if (value instanceof Date) return DateTime.fromJSDate(value)
  // The common case read straight (SQLite's UTC text), without luxon's general parser.
  const text = SQL_UTC.exec(String(value))
  if (text) {
    const [year, month, day, hour, minute, second] = text.slice(1).map(Number)
    const millis = Date.UTC(year, month - 1, day, hour, minute, second)
    return DateTime.fromMillis(millis, { zone: 'utc' })
  }
  const parsed = DateTime.fromSQL(String(value), { zone: 'utc' })
  return parsed.isValid ? parsed : DateTime.fromISO(String(value), { zone: 'utc' })
}

/** A DATE column as text (`YYYY-MM-DD…`): a Date on PostgreSQL, text on SQLite; null if unset. */
export function dateFromDatabase(value: unknown) {
  return value instanceof Date ? value.toISOString() : value ? String(value) : null
}

/** How long something has waited, in words: "kurang dari 1 jam", "5 jam", "3 hari". */
export function formatAge(since: DateTime, now: DateTime = DateTime.utc()) {
  // Milliseconds, not luxon's diff: My tasks ages hundreds of rows a request (issue 34).
  const hours = Math.floor((now.toMillis() - since.toMillis()) / 3_600_000)
  if (hours < 1) return 'kurang dari 1 jam'
  if (hours < 24) return `${hours} jam`
  return `${Math.floor(hours / 24)} hari`
}
