/**
 * The arithmetic of a calibration point (issues 15 and 37), on the server and on the worksheet
 * page alike (the page imports this file, so what the officer sees while typing is what is
 * saved). It imports only its pure siblings: it runs in the browser too.
 *
 * For each test point with readings x1..xn of the device at the reference's nominal value, an
 * uncertainty budget by the GUM (JCGM 100:2008) and EA-4/02 M:2022:
 *
 *   mean   x̄ = Σxi / n
 *   error  e = x̄ − (nominal + c)                 (indication minus the reference's value, with
 *                                                the correction c its certificate states)
 *   s      = √(Σ(xi − x̄)² / (n − 1))            (0 when n = 1)
 *   uA     = s / √n,  ν = n − 1                  repeatability, type A, normal; with fewer
 *                                                readings than the lab's minimum, the pooled s
 *                                                of the device type's history and its ν
 *   uRef   = Uref / kref, ν = ∞                  the standard's certificate: U and its own k
 *                                                (a relative U is taken of the nominal)
 *   uDrift = d / √3, ν = ∞                        the standard's drift between its last two
 *                                                calibrations (change of correction), rectangular
 *   uSRes  = standard's resolution / (2√3), ν = ∞  rectangular
 *   uRes   = resolution / (2√3), ν = ∞            the device's resolution, rectangular
 *   uc     = √(Σ ui²)                            (every sensitivity coefficient is 1)
 *   ν_eff  = uc⁴ / Σ(ui⁴ / νi)                   Welch–Satterthwaite (GUM G.2b)
 *   k      = t95.45(⌊ν_eff⌋)                      Student's t, 2 when ν_eff is infinite
 *   U      = k · uc
 *   limit  = tolerance, or |nominal| · tolerance / 100 for a tolerance in percent
 *
 * Reported values (GUM 7.2.6, EA-4/02 5): U rounded to two significant figures (half away from
 * zero, or up when the lab chooses), the mean and the error to the same decimal place. The
 * statement of conformity (decision_rules.ts, ILAC-G8) is made on the values as reported, so
 * nothing printed contradicts it; a point whose U exceeds its limit never passes.
 */

import { combineBudget } from '#shared/coverage'
import {
  SIMPLE_ACCEPTANCE,
  atMost,
  conformityOf,
  passes,
  type Conformity,
  type DecisionRule,
  type RuleChoice,
} from '#shared/decision_rules'

export type ToleranceType = 'abs' | 'pct'

/** A test point as the worksheet form shows it: the device type's template (the page and the server). */
export type FormPoint = {
  parameter: string
  unit: string
  nominal: number
  tolerance: number
  tolerance_type: ToleranceType
  repeats: number
  /** The pooled s of the device type's history at this point, taken with too few readings. */
  prior: { deviation: number; dof: number } | null
}

export interface PointSpec {
  nominal: number
  tolerance: number
  toleranceType: ToleranceType
  /** The device's resolution (smallest step of its display), in the point's unit. */
  resolution: number
  /** The reference's expanded uncertainty at this point as its certificate states it. */
  referenceUncertainty: number
  /** The coverage factor its certificate states (2 when it states none). */
  referenceCoverage?: number
  /** Whether that U is relative, in % of the value (of the nominal here). */
  referenceRelative?: boolean
  /** The correction its certificate states at this point: the reference's value is nominal + c. */
  referenceCorrection?: number
  /** The half-width of the standard's drift since its previous calibration (rectangular). */
  referenceDrift?: number
  /** The standard's own resolution at this point (rectangular). */
  referenceResolution?: number
  /**
   * A prior standard deviation of the readings (pooled from the device type's history) and its
   * degrees of freedom: used in place of the readings' own when they are fewer than
   * `minimumReadings` (2 by default).
   */
  prior?: { deviation: number; dof: number } | null
  minimumReadings?: number
  /** The decision rule the point is judged by (simple acceptance by default). */
  decision?: RuleChoice
  /** Round U up to two significant figures instead of half away from zero. */
  roundUp?: boolean
}

/** One line of a point's uncertainty budget (EA-4/02 table S1.x). */
export interface BudgetLine {
  source: 'repeatability' | 'reference' | 'drift' | 'reference_resolution' | 'resolution'
  label: string
  distribution: 'normal' | 'rectangular'
  /** The quantity as known: s of the readings, the standard's U, the device's resolution. */
  value: number
  divisor: number
  sensitivity: number
  /** Its standard uncertainty in the point's unit: value / divisor × sensitivity. */
  u: number
  dof: number
}

export interface PointResult {
  mean: number
  error: number
  standardDeviation: number
  repeatability: number
  referenceContribution: number
  resolutionContribution: number
  budget: BudgetLine[]
  combinedUncertainty: number
  effectiveDof: number
  coverageFactor: number
  expandedUncertainty: number
  limit: number
  /** Test uncertainty ratio: limit ÷ U (Infinity when U is 0). */
  tur: number
  /** U as reported (two significant figures) and the decimal places of the reported values. */
  reportedUncertainty: number
  decimals: number
  /** The error as reported, at U's decimal place: what the conformity is judged on. */
  reportedError: number
  conformity: Conformity
  passed: boolean
}

/** The coverage factor a standard's certificate is taken to state when it states none. */
export const DEFAULT_REFERENCE_COVERAGE = 2

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
  return atMost(Math.abs(error), limit)
}

/** A point as a worksheet stores it (worksheet_points' columns, as the model names them). */
export interface StoredPoint {
  nominal: number
  tolerance: number
  toleranceType: ToleranceType
  resolution: number
  referenceUncertainty: number
  referenceCoverage: number
  referenceRelative: boolean
  referenceCorrection: number
  referenceDrift: number
  referenceResolution: number
  priorDeviation: number | null
  priorDof: number | null
  decisionRule: DecisionRule
  guardFactor: number | null
}

/**
 * The spec a stored point is evaluated by, with the lab's reporting settings: the one mapping
 * the worksheet's save and the certificate share, so both compute the same point.
 */
export function storedSpec(
  point: StoredPoint,
  settings: { minimumReadings: number; roundUp: boolean }
): PointSpec {
  return {
    nominal: point.nominal,
    tolerance: point.tolerance,
    toleranceType: point.toleranceType,
    resolution: point.resolution,
    referenceUncertainty: point.referenceUncertainty,
    referenceCoverage: point.referenceCoverage,
    referenceRelative: point.referenceRelative,
    referenceCorrection: point.referenceCorrection,
    referenceDrift: point.referenceDrift,
    referenceResolution: point.referenceResolution,
    prior:
      point.priorDeviation === null
        ? null
        : { deviation: point.priorDeviation, dof: point.priorDof ?? 1 },
    minimumReadings: settings.minimumReadings,
    decision: { rule: point.decisionRule, guardFactor: point.guardFactor ?? undefined },
    roundUp: settings.roundUp,
  }
}

/** How a budget line's distribution is named on the worksheet and the certificate. */
export const DISTRIBUTION_LABELS: Record<BudgetLine['distribution'], string> = {
  normal: 'Normal',
  rectangular: 'Persegi',
}

/** The point's budget: type A, the standard (its U, drift and resolution), the device's resolution. */
export function budgetOf(spec: PointSpec, readings: number[]): BudgetLine[] {
  const n = readings.length
  const usesPrior = Boolean(spec.prior) && n < (spec.minimumReadings ?? 2)
  const s = usesPrior ? spec.prior!.deviation : standardDeviation(readings)
  const k = spec.referenceCoverage ?? DEFAULT_REFERENCE_COVERAGE
  const reference = spec.referenceRelative
    ? (Math.abs(spec.nominal) * spec.referenceUncertainty) / 100
    : spec.referenceUncertainty
  const line = (
    source: BudgetLine['source'],
    label: string,
    distribution: BudgetLine['distribution'],
    value: number,
    divisor: number,
    dof: number
  ): BudgetLine => ({
    source,
    label,
    distribution,
    value,
    divisor,
    sensitivity: 1,
    u: value / divisor,
    dof,
  })
  const lines = [
    usesPrior
      ? line(
          'repeatability',
          'Daya ulang (s gabungan riwayat, tipe A)',
          'normal',
          s,
          Math.sqrt(n),
          spec.prior!.dof
        )
      : line(
          'repeatability',
          'Daya ulang pembacaan (tipe A)',
          'normal',
          s,
          Math.sqrt(n),
          n > 1 ? n - 1 : Infinity
        ),
    line('reference', 'Standar acuan (sertifikat)', 'normal', reference, k, Infinity),
  ]
  if (spec.referenceDrift) {
    lines.push(
      line(
        'drift',
        'Drift standar acuan',
        'rectangular',
        spec.referenceDrift,
        Math.sqrt(3),
        Infinity
      )
    )
  }
  if (spec.referenceResolution) {
    lines.push(
      line(
        'reference_resolution',
        'Resolusi standar acuan',
        'rectangular',
        spec.referenceResolution,
        2 * Math.sqrt(3),
        Infinity
      )
    )
  }
  lines.push(
    line('resolution', 'Resolusi alat', 'rectangular', spec.resolution, 2 * Math.sqrt(3), Infinity)
  )
  return lines
}

export function evaluatePoint(spec: PointSpec, readings: number[]): PointResult {
  if (!readings.length) throw new RangeError('A point needs at least one reading')
  const average = mean(readings)
  const budget = budgetOf(spec, readings)
  const part = (source: BudgetLine['source']) => budget.find((line) => line.source === source)
  const { combined, effectiveDof, coverageFactor: k, expanded } = combineBudget(budget)
  const error = average - (spec.nominal + (spec.referenceCorrection ?? 0))
  const limit = limitOf(spec)
  const reportedUncertainty = roundUncertainty(expanded, spec.roundUp)
  const decimals =
    reportedUncertainty > 0 ? uncertaintyDecimals(reportedUncertainty) : decimalsOf(spec.resolution)
  const reportedError = roundTo(error, decimals)
  const conformity = conformityOf(
    reportedError,
    reportedUncertainty,
    limit,
    spec.decision ?? SIMPLE_ACCEPTANCE
  )
  return {
    mean: average,
    error,
    standardDeviation: part('repeatability')!.value,
    repeatability: part('repeatability')!.u,
    referenceContribution: part('reference')!.u,
    resolutionContribution: part('resolution')!.u,
    budget,
    combinedUncertainty: combined,
    effectiveDof,
    coverageFactor: k,
    expandedUncertainty: expanded,
    limit,
    tur: expanded > 0 ? limit / expanded : Infinity,
    reportedUncertainty,
    decimals,
    reportedError,
    conformity,
    passed: passes(conformity),
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
  return Math.max(0, 1 - Math.floor(Math.log10(Number(uncertainty.toPrecision(12)))))
}

/** Rounds half away from zero to `decimals` places, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number) {
  const factor = 10 ** decimals
  return (
    (Math.sign(value) * Math.round(Number((Math.abs(value) * factor).toPrecision(12)))) / factor
  )
}

/**
 * U at two significant figures (1.047 → 1.0, 0.0996 → 0.10, 23.4 → 23), half away from zero
 * or, when the lab chooses, up (1.01 → 1.1). Whole numbers of 100 and more keep their digits
 * to the unit (123 → 123), as a certificate cannot print fewer.
 */
export function roundUncertainty(uncertainty: number, up = false) {
  if (!(uncertainty > 0)) return 0
  const decimals = uncertaintyDecimals(uncertainty)
  const factor = 10 ** decimals
  const scaled = Number((uncertainty * factor).toPrecision(12))
  return (up ? Math.ceil(scaled) : Math.round(scaled)) / factor
}

export interface ReportedPoint {
  decimals: number
  mean: string
  error: string
  expandedUncertainty: string
  coverageFactor: string
  limit: string
}

/** A point's results as a certificate prints them (decimal point; the page localises). */
export function reportPoint(result: PointResult): ReportedPoint {
  const decimals = result.decimals
  const fixed = (value: number, places: number) => {
    const rounded = roundTo(value, places)
    return (Object.is(rounded, -0) ? 0 : rounded).toFixed(places)
  }
  return {
    decimals,
    mean: fixed(result.mean, decimals),
    error: fixed(result.reportedError, decimals),
    expandedUncertainty: fixed(result.reportedUncertainty, decimals),
    coverageFactor: result.coverageFactor.toFixed(2),
    limit: fixed(result.limit, Math.max(decimals, decimalsOf(result.limit))),
  }
}

/** Names compared as the lab writes them: case and spacing do not matter. */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()

/** An uncertainty a standard's certificate states: U with its k, absolute or in % of the value. */
export interface StatedLine {
  parameter: string
  unit: string
  expanded_uncertainty: number
  coverage_factor?: number
  relative?: boolean
  /** The correction the certificate states (reference value = nominal + correction). */
  correction?: number | null
  /** The standard's resolution at this parameter. */
  resolution?: number | null
  /** |change of correction| since the previous calibration, a rectangular half-width. */
  drift?: number | null
}

/**
 * The uncertainty a standard's certificate states for a point (undefined when it states
 * none: the officer types the value from the certificate). Certificates name their
 * parameters in their own words ("Tekanan" for a monitor's "NIBP Sistolik"), so the unit
 * decides when the certificate states one value in that unit; otherwise the parameter's name.
 * A relative U (in %) is stated in "%", so it is matched by the parameter's name.
 */
export function statedReference<L extends StatedLine>(
  stated: L[],
  point: { parameter: string; unit: string }
): L | undefined {
  const inUnit = stated.filter((u) => !u.relative && sameName(u.unit, point.unit))
  if (inUnit.length === 1) return inUnit[0]
  return (
    inUnit.find((u) => sameName(u.parameter, point.parameter)) ??
    stated.find((u) => u.relative && sameName(u.parameter, point.parameter))
  )
}

/** The stated U of a point (see statedReference), or undefined. */
export function statedUncertainty(
  stated: StatedLine[],
  point: { parameter: string; unit: string }
) {
  return statedReference(stated, point)?.expanded_uncertainty
}

/**
 * The standard a point was measured with: the one the officer named, else the first chosen
 * standard whose certificate states an uncertainty for it, else the first chosen.
 */
export function standardOfPoint<
  S extends {
    id: number
    uncertainties: StatedLine[]
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
