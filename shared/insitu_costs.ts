/**
 * The on-site (insitu) estimate and accommodation arithmetic of spec part 2 section 9 and the
 * defaults of section 5, as pure functions: the estimation and accommodation pages show them,
 * the server saves them and the offering letter prints them.
 */

/** A working day on site, in hours. */
export const WORKING_DAY_HOURS = 7.5

/**
 * The spec's rounding of a day count: a value between 0 and 1 becomes 1; otherwise a fractional
 * part up to 0.5 rounds down and one above 0.5 rounds up. Computed on the value as shown (two
 * decimals), so 2.501 shown as 2.50 rounds like 2.50.
 */
export function roundDays(raw: number) {
  const value = Math.round(raw * 100) / 100
  if (value <= 0) return 0
  if (value < 1) return 1
  const whole = Math.floor(value)
  return value - whole > 0.5 ? whole + 1 : whole
}

/** One requested device type: how many, and the minutes one takes (device master data). */
export type EstimationItem = { quantity: number; minuteEstimation: number }

/** What the lab enters: the travel time there and back, and how many officers go. */
export type EstimationInput = { ppHour: number; ppMinute: number; officers: number }

/**
 * The lab's on-site days: the work's hours over a 7.5-hour day (shared among the officers when
 * `splitAmongOfficers`, as for PK; UKPR's is not), plus the travel converted the same way.
 */
export function estimateDays(
  items: EstimationItem[],
  input: EstimationInput,
  splitAmongOfficers: boolean
) {
  const workMinutes = items.reduce((sum, item) => sum + item.quantity * item.minuteEstimation, 0)
  const workDays = workMinutes / 60 / WORKING_DAY_HOURS
  const officers = Math.max(1, input.officers)
  const travelDays = (input.ppHour + input.ppMinute / 60) / WORKING_DAY_HOURS
  const raw = (splitAmongOfficers ? workDays / officers : workDays) + travelDays
  return { workMinutes, raw: Math.round(raw * 100) / 100, final: roundDays(raw) }
}

/** The accommodation's amounts of one lab (spec part 2 section 3), in rupiah and counts. */
export const ACCOMMODATION_AMOUNTS = [
  'officerPrice',
  'officerCount',
  'officerDay',
  'transportationPrice',
  'transportationDay',
  'transportationCount',
  'hotelPrice',
  'hotelDay',
  'hotelCount',
  'planePrice',
  'planeCount',
  'planeLuggage',
] as const

/** One lab's accommodation: its amounts, and whether the flight is a round trip. */
export type Accommodation = Record<(typeof ACCOMMODATION_AMOUNTS)[number], number> & {
  planeIsPp: boolean
}

/** What a saved lab plan holds of its accommodation (an `insitu_lab_plans` row). */
export type SavedPlan = Partial<Record<(typeof ACCOMMODATION_AMOUNTS)[number], number | null>> & {
  accommodationSavedAt: unknown
  planeIsPp: boolean | null
}

/** A lab plan's saved accommodation, or null while there is none. */
export function savedAccommodation(plan: SavedPlan): Accommodation | null {
  if (!plan.accommodationSavedAt) return null
  const amounts = Object.fromEntries(
    ACCOMMODATION_AMOUNTS.map((key) => [key, plan[key] ?? 0])
  ) as Omit<Accommodation, 'planeIsPp'>
  return { ...amounts, planeIsPp: plan.planeIsPp ?? false }
}

/** What a lab's accommodation costs, each part and the total (spec part 2 section 9). */
export function accommodationCosts(a: Accommodation) {
  const officer = a.officerPrice * a.officerCount * a.officerDay
  const transportation = a.transportationPrice * a.transportationCount * a.transportationDay
  const hotel = a.hotelPrice * a.hotelCount * a.hotelDay
  // The luggage fee is added once, whether the flight is one way or a round trip.
  const plane = a.planePrice * a.planeCount * (a.planeIsPp ? 2 : 1) + a.planeLuggage
  return { officer, transportation, hotel, plane, total: officer + transportation + hotel + plane }
}

/**
 * A lab's accommodation before anyone saved one (spec part 2 section 5): as many officers as
 * the estimate, for its whole days, two to a hotel room, one-way flights; the rest empty.
 */
export function accommodationDefaults(estimate: {
  totalOfficer: number
  finalEstimation: number
}): Accommodation {
  return {
    officerPrice: 0,
    officerCount: estimate.totalOfficer,
    officerDay: Math.floor(estimate.finalEstimation),
    transportationPrice: 0,
    transportationDay: 0,
    transportationCount: 0,
    hotelPrice: 0,
    hotelDay: 0,
    hotelCount: Math.ceil(estimate.totalOfficer / 2),
    planePrice: 0,
    planeCount: 0,
    planeLuggage: 0,
    planeIsPp: false,
  }
}

/** A number of days as Indonesian writes it, two decimals after a comma: `0,80`. */
export function formatDays(days: number) {
  return days.toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
