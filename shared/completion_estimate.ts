import { type DateTime } from 'luxon'

/**
 * The spec's working-time rule for incoming-equipment orders: Monday to
 * Thursday 08:00-16:00 (480 minutes), Friday 08:00-16:30 (510 minutes), no
 * weekend work, and no work on the public holidays given. Pure functions.
 */
export const WORK_START_HOUR = 8
export const DAY_MINUTES_DISPLAY = 1440

export function workingMinutesOn(
  date: DateTime,
  isHoliday: (isoDate: string) => boolean = () => false
) {
  if (date.weekday >= 6 || isHoliday(date.toISODate()!)) return 0
  return date.weekday === 5 ? 510 : 480
}

/** Total work: sum of minute_estimation x quantity. */
export function totalMinutes(lines: { minuteEstimation: number; quantity: number }[]) {
  return lines.reduce(
    (sum, line) => sum + Math.max(0, line.minuteEstimation) * Math.max(0, line.quantity),
    0
  )
}

/** Shown as days, hours and minutes, where a day counts 1440 minutes (spec). */
export function splitDuration(minutes: number) {
  const days = Math.floor(minutes / DAY_MINUTES_DISPLAY)
  const hours = Math.floor((minutes % DAY_MINUTES_DISPLAY) / 60)
  return { days, hours, minutes: minutes % 60 }
}

export function formatDuration(minutes: number) {
  const { days, hours, minutes: rest } = splitDuration(minutes)
  return `${days} hari ${hours} jam ${rest} menit`
}

/**
 * Rolls the work forward through working time from the estimated arrival and
 * answers when it will be done.
 */
export function completionAt(
  start: DateTime,
  minutes: number,
  isHoliday: (isoDate: string) => boolean = () => false
) {
  let cursor = start
  let remaining = Math.max(0, Math.round(minutes))
  // A bound that no real order reaches, so bad input cannot loop forever.
  for (let guard = 0; guard < 20_000; guard++) {
    const day = cursor.startOf('day')
    const capacity = workingMinutesOn(day, isHoliday)
    const opens = day.set({ hour: WORK_START_HOUR })
    const closes = opens.plus({ minutes: capacity })
    if (capacity === 0 || cursor >= closes) {
      cursor = day.plus({ days: 1 }).set({ hour: WORK_START_HOUR })
      continue
    }
    if (cursor < opens) cursor = opens
    if (remaining === 0) return cursor
    const available = closes.diff(cursor, 'minutes').minutes
    if (remaining <= available) return cursor.plus({ minutes: remaining })
    remaining -= available
    cursor = day.plus({ days: 1 }).set({ hour: WORK_START_HOUR })
  }
  throw new Error('Estimasi penyelesaian melebihi batas perhitungan')
}
