/**
 * The arithmetic of a calibration point (issue 15), on the server and on the worksheet page
 * alike (the page imports this file, so what the officer sees while typing is what is saved).
 * No imports: it runs in the browser too.
 *
 * For each test point with readings x1..xn of the device at the reference's nominal value:
 *
 *   mean   x̄ = Σxi / n
 *   error  e = x̄ − nominal                       (indication minus reference)
 *   s      = √(Σ(xi − x̄)² / (n − 1))            (0 when n = 1)
 *   uA     = s / √n                              repeatability, type A
 *   uRef   = Uref / 2                            the reference's stated expanded uncertainty (k = 2)
 *   uRes   = resolution / (2√3)                  the device's resolution, rectangular
 *   uc     = √(uA² + uRef² + uRes²)
 *   U      = 2 · uc                              expanded uncertainty, k = 2 (about 95 %)
 *   limit  = tolerance, or |nominal| · tolerance / 100 for a tolerance in percent
 *   passed = |e| ≤ limit                         decision rule: simple acceptance (ILAC-G8
 *                                                 "shared risk"; U is reported, not added)
 *
 * A point exactly on its limit passes. The comparison allows for binary rounding of decimal
 * readings (0.1 + 0.2), never for a difference a reading could show.
 *
 * Reported values: U rounded to two significant figures; the mean and the error to the same
 * decimal place as U (never coarser than the device's resolution).
 */

export type ToleranceType = 'abs' | 'pct'

/** A test point as the worksheet form shows it: the device type's template (the page and the server). */
export type FormPoint = {
  parameter: string
  unit: string
  nominal: number
  tolerance: number
  tolerance_type: ToleranceType
  repeats: number
}

export interface PointSpec {
  nominal: number
  tolerance: number
  toleranceType: ToleranceType
  /** The device's resolution (smallest step of its display), in the point's unit. */
  resolution: number
  /** The reference's expanded uncertainty at this point (k = 2), in the point's unit. */
  referenceUncertainty: number
}

export interface PointResult {
  mean: number
  error: number
  standardDeviation: number
  repeatability: number
  referenceContribution: number
  resolutionContribution: number
  combinedUncertainty: number
  expandedUncertainty: number
  limit: number
  passed: boolean
}

/** Coverage factor of the reported uncertainty and of the reference's stated one. */
export const COVERAGE_FACTOR = 2

export function mean(values: number[]) {
  return values.reduce((sum, value) => sum + value, 0) / values.length
}

/** The sample standard deviation (n − 1); 0 for a single reading. */
export function standardDeviation(values: number[]) {
  if (values.length < 2) return 0
  const average = mean(values)
  const squares = values.reduce((sum, value) => sum + (value - average) ** 2, 0)
  return Math.sqrt(squares / (values.length - 1))
}

/** The largest deviation allowed at a point, in its unit. */
export function limitOf(spec: Pick<PointSpec, 'nominal' | 'tolerance' | 'toleranceType'>) {
  return spec.toleranceType === 'pct'
    ? (Math.abs(spec.nominal) * spec.tolerance) / 100
    : spec.tolerance
}

/** |error| ≤ limit, allowing only for the binary rounding of decimal numbers. */
export function withinLimit(error: number, limit: number) {
  const slack = 1e-9 * Math.max(1, Math.abs(limit))
  return Math.abs(error) <= limit + slack
}

export function evaluatePoint(spec: PointSpec, readings: number[]): PointResult {
  if (!readings.length) throw new RangeError('A point needs at least one reading')
  const average = mean(readings)
  const deviation = standardDeviation(readings)
  const repeatability = deviation / Math.sqrt(readings.length)
  const referenceContribution = spec.referenceUncertainty / COVERAGE_FACTOR
  const resolutionContribution = spec.resolution / (2 * Math.sqrt(3))
  const combined = Math.sqrt(
    repeatability ** 2 + referenceContribution ** 2 + resolutionContribution ** 2
  )
  const error = average - spec.nominal
  const limit = limitOf(spec)
  return {
    mean: average,
    error,
    standardDeviation: deviation,
    repeatability,
    referenceContribution,
    resolutionContribution,
    combinedUncertainty: combined,
    expandedUncertainty: COVERAGE_FACTOR * combined,
    limit,
    passed: withinLimit(error, limit),
  }
}

/** The overall verdict of a worksheet: LAIK when every point passed; null without points. */
export function overallPassed(points: { passed: boolean }[]) {
  return points.length ? points.every((point) => point.passed) : null
}

/** Decimal places of a number as written (0.05 → 2, 1 → 0, 1e-7 → 7). */
export function decimalsOf(value: number) {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0
  const text = value.toString()
  const exponent = text.match(/e-(\d+)$/)
  if (exponent) {
    const mantissa = text.split('e')[0].split('.')[1]?.length ?? 0
    return Number(exponent[1]) + mantissa
  }
  return text.split('.')[1]?.length ?? 0
}

/** The decimal places U keeps at two significant figures (0.0347 → 3, 1.23 → 1, 23.4 → 0). */
export function uncertaintyDecimals(uncertainty: number) {
  if (!(uncertainty > 0)) return 0
  return Math.max(0, 1 - Math.floor(Math.log10(uncertainty)))
}

/** Rounds half away from zero to `decimals` places, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number) {
  const factor = 10 ** decimals
  return (
    (Math.sign(value) * Math.round(Number((Math.abs(value) * factor).toPrecision(12)))) / factor
  )
}

export interface ReportedPoint {
  decimals: number
  mean: string
  error: string
  expandedUncertainty: string
  limit: string
}

/** A point's results as a certificate prints them (decimal point; the page localises). */
export function reportPoint(spec: PointSpec, result: PointResult): ReportedPoint {
  const uDecimals = uncertaintyDecimals(result.expandedUncertainty)
  const decimals = Math.max(uDecimals, decimalsOf(spec.resolution))
  const fixed = (value: number, places: number) => {
    const rounded = roundTo(value, places)
    return (Object.is(rounded, -0) ? 0 : rounded).toFixed(places)
  }
  return {
    decimals,
    mean: fixed(result.mean, decimals),
    error: fixed(result.error, decimals),
    expandedUncertainty: fixed(result.expandedUncertainty, decimals),
    limit: fixed(result.limit, Math.max(decimals, decimalsOf(result.limit))),
  }
}

/** Names compared as the lab writes them: case and spacing do not matter. */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The expanded uncertainty a standard's certificate states for a point (undefined when it
 * states none: the officer types the value from the certificate). Certificates name their
 * parameters in their own words ("Tekanan" for a monitor's "NIBP Sistolik"), so the unit
 * decides when the certificate states one value in that unit; otherwise the parameter's name.
 */
export function statedUncertainty(
  stated: { parameter: string; unit: string; expanded_uncertainty: number }[],
  point: { parameter: string; unit: string }
) {
  const inUnit = stated.filter((u) => sameName(u.unit, point.unit))
  const found =
    inUnit.length === 1 ? inUnit[0] : inUnit.find((u) => sameName(u.parameter, point.parameter))
  return found?.expanded_uncertainty
}

/**
 * The standard a point was measured with: the one the officer named, else the first chosen
 * standard whose certificate states an uncertainty for it, else the first chosen.
 */
export function standardOfPoint<
  S extends {
    id: number
    uncertainties: { parameter: string; unit: string; expanded_uncertainty: number }[]
  },
>(named: number | undefined, chosen: S[], point: { parameter: string; unit: string }) {
  if (named !== undefined) return chosen.find((standard) => standard.id === named)
  return (
    chosen.find((standard) => statedUncertainty(standard.uncertainties, point) !== undefined) ??
    chosen[0]
  )
}

const DECIMAL = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 6, useGrouping: false })

/** A measured value as the lab writes it: decimal comma, no grouping (`0,5`, `1000`). */
export function formatMeasure(value: number | string) {
  if (typeof value === 'string') return value.replace('.', ',')
  return DECIMAL.format(value)
}

/** A tolerance as printed: `± 2 bpm` or `± 10 %`. */
export function formatTolerance(point: {
  tolerance: number
  toleranceType: ToleranceType
  unit: string
}) {
  return point.toleranceType === 'pct'
    ? `± ${formatMeasure(point.tolerance)} %`
    : `± ${formatMeasure(point.tolerance)} ${point.unit}`
}
