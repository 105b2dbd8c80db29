/**
 * The coverage factor of an expanded uncertainty by the GUM (JCGM 100:2008, annex G): the
 * effective degrees of freedom of the combined uncertainty by the Welch–Satterthwaite formula
 * (G.2b), and k = t_p(ν_eff) from Student's t distribution for p = 95.45 % (table G.2), so that
 * a budget dominated by three readings is not given k = 2. No imports: the worksheet page runs
 * it too.
 */

/** The level of confidence the lab reports at: k = 2 for a normal distribution. */
export const COVERAGE_PROBABILITY = 0.9545

/** ln Γ(x) for x > 0 (Lanczos' approximation, g = 7, accurate to about 15 digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ]
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let sum = c[0]
  for (let i = 1; i < 9; i++) sum += c[i] / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number) {
  const tiny = 1e-300
  let c = 1
  let d = 1 - ((a + b) * x) / (a + 1)
  if (Math.abs(d) < tiny) d = tiny
  d = 1 / d
  let h = d
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2))
    d = 1 + aa * d
    c = 1 + aa / c
    d = 1 / (Math.abs(d) < tiny ? tiny : d)
    c = Math.abs(c) < tiny ? tiny : c
    h *= d * c
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))
    d = 1 + aa * d
    c = 1 + aa / c
    d = 1 / (Math.abs(d) < tiny ? tiny : d)
    c = Math.abs(c) < tiny ? tiny : c
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < 1e-15) break
  }
  return h
}

/** The regularised incomplete beta function I_x(a, b), 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number) {
  if (x <= 0) return 0
  if (x >= 1) return 1
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)
  )
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(x, a, b)) / a
    : 1 - (front * betaFraction(1 - x, b, a)) / b
}

/** The probability that |T| ≤ t for Student's t with ν degrees of freedom. */
export function studentCoverage(t: number, dof: number) {
  return 1 - incompleteBeta(dof / (dof + t * t), dof / 2, 0.5)
}

/**
 * t_p(ν): the t with P(|T| ≤ t) = p (GUM table G.2). ν may be fractional; an infinite ν is
 * the normal distribution, where p = 95.45 % gives 2.
 */
export function studentT(p: number, dof: number) {
  if (!(dof > 0)) throw new RangeError('Degrees of freedom must be positive')
  // The GUM's convention: k = 2 is the 95.45 % of the normal distribution (2.00002 exactly).
  if (!Number.isFinite(dof) && p === COVERAGE_PROBABILITY) return 2
  // Student's t at a very large ν is the normal distribution to far better than 1e-9.
  if (!Number.isFinite(dof)) return studentT(p, 1e12)
  let low = 0
  let high = 1
  while (studentCoverage(high, dof) < p) high *= 2
  for (let i = 0; i < 200 && high - low > 1e-12 * high; i++) {
    const middle = (low + high) / 2
    if (studentCoverage(middle, dof) < p) low = middle
    else high = middle
  }
  return (low + high) / 2
}

/** One standard uncertainty of a budget with its degrees of freedom (Infinity when known). */
export interface BudgetTerm {
  /** The standard uncertainty in the measurand's unit (after its sensitivity coefficient). */
  u: number
  dof: number
}

/**
 * ν_eff = u_c⁴ / Σ (u_i⁴ / ν_i) (GUM G.2b); Infinity when every term with a share of u_c has
 * infinite degrees of freedom (or nothing contributes).
 */
export function effectiveDegreesOfFreedom(terms: BudgetTerm[]) {
  const combined = terms.reduce((sum, term) => sum + term.u ** 2, 0)
  const denominator = terms.reduce(
    (sum, term) => (term.u > 0 && Number.isFinite(term.dof) ? sum + term.u ** 4 / term.dof : sum),
    0
  )
  return denominator > 0 ? combined ** 2 / denominator : Infinity
}

/**
 * The coverage factor for about 95 %: t_95.45(ν_eff) with ν_eff truncated to the next lower
 * integer (GUM G.6.4); 2 for an infinite ν_eff.
 */
export function coverageFactor(effectiveDof: number) {
  if (!Number.isFinite(effectiveDof)) return 2
  return studentT(COVERAGE_PROBABILITY, Math.max(1, Math.floor(effectiveDof)))
}

/** A budget combined: u_c (root sum of squares), ν_eff, k and U = k·u_c. */
export function combineBudget(terms: BudgetTerm[]) {
  const combined = Math.sqrt(terms.reduce((sum, term) => sum + term.u ** 2, 0))
  const effectiveDof = effectiveDegreesOfFreedom(terms)
  const k = coverageFactor(effectiveDof)
  return { combined, effectiveDof, coverageFactor: k, expanded: k * combined }
}
