/**
 * Statements of conformity by ILAC-G8:09/2019: how a measured error and its expanded
 * uncertainty U are judged against a tolerance limit T. No imports: the worksheet page runs it.
 *
 * - simple acceptance (shared risk, 4.2.1): pass when |e| ≤ T;
 * - binary with a guard band w = r·U (4.2.2): pass when |e| ≤ T − w, else fail;
 * - non-binary (4.2.3): pass when |e| + U ≤ T, conditional pass when |e| ≤ T < |e| + U,
 *   conditional fail when T < |e| ≤ T + U, fail when |e| > T + U.
 *
 * Under every rule a point whose U exceeds T is never declared a pass (its test uncertainty
 * ratio T/U is below 1): the measurement cannot show conformity. A value exactly on a limit
 * is inside it; the comparison allows only for binary rounding of decimals.
 */

export const DECISION_RULES = ['simple', 'guard_band', 'non_binary'] as const
export type DecisionRule = (typeof DECISION_RULES)[number]

export type Conformity = 'pass' | 'conditional_pass' | 'conditional_fail' | 'fail'

/** The rule a point is judged by: for a guard band, its factor r in w = r·U (1 by default). */
export interface RuleChoice {
  rule: DecisionRule
  guardFactor?: number
}

export const SIMPLE_ACCEPTANCE: RuleChoice = { rule: 'simple' }

export const CONFORMITY_LABELS: Record<Conformity, string> = {
  pass: 'Memenuhi',
  conditional_pass: 'Memenuhi bersyarat',
  conditional_fail: 'Tidak memenuhi bersyarat',
  fail: 'Tidak memenuhi',
}

export const CONFORMITY_TONES: Record<Conformity, 'emerald' | 'amber' | 'red'> = {
  pass: 'emerald',
  conditional_pass: 'amber',
  conditional_fail: 'red',
  fail: 'red',
}

export const DECISION_RULE_LABELS: Record<DecisionRule, string> = {
  simple: 'Penerimaan sederhana',
  guard_band: 'Biner dengan pita pengaman',
  non_binary: 'Non-biner',
}

/** A conformity that lets the device be declared LAIK at that point. */
export const passes = (conformity: Conformity) =>
  conformity === 'pass' || conformity === 'conditional_pass'

/** a ≤ b, allowing only for the binary rounding of decimal numbers. */
export function atMost(a: number, b: number) {
  return a <= b + 1e-9 * Math.max(1, Math.abs(b))
}

/** The statement of conformity of a point with error `error` and expanded uncertainty `U`. */
export function conformityOf(
  error: number,
  expandedUncertainty: number,
  limit: number,
  choice: RuleChoice = SIMPLE_ACCEPTANCE
): Conformity {
  const size = Math.abs(error)
  const U = expandedUncertainty
  const tooUncertain = !atMost(U, limit)
  switch (choice.rule) {
    case 'simple':
      return atMost(size, limit) && !tooUncertain ? 'pass' : 'fail'
    case 'guard_band': {
      const w = (choice.guardFactor ?? 1) * U
      return atMost(size, limit - w) && !tooUncertain ? 'pass' : 'fail'
    }
    case 'non_binary':
      if (!atMost(size, limit + U)) return 'fail'
      if (!atMost(size, limit)) return 'conditional_fail'
      if (tooUncertain) return 'conditional_fail'
      return atMost(size + U, limit) ? 'pass' : 'conditional_pass'
  }
}

/** The rule as the certificate states it (ISO/IEC 17025 7.8.6). */
export function describeRule(choice: RuleChoice) {
  switch (choice.rule) {
    case 'simple':
      return (
        'Aturan keputusan: penerimaan sederhana (ILAC-G8:09/2019, 4.2.1), memenuhi bila ' +
        '|kesalahan| ≤ toleransi.'
      )
    case 'guard_band': {
      const r = choice.guardFactor ?? 1
      return (
        `Aturan keputusan: biner dengan pita pengaman w = ${r === 1 ? '' : `${String(r).replace('.', ',')} × `}U ` +
        '(ILAC-G8:09/2019, 4.2.2); suatu titik memenuhi bila nilai mutlak kesalahannya tidak ' +
        'melebihi batas toleransi dikurangi w.'
      )
    }
    case 'non_binary':
      return (
        'Aturan keputusan: non-biner (ILAC-G8:09/2019, 4.2.3); memenuhi bila kesalahan ditambah U ' +
        'di dalam toleransi, memenuhi bersyarat bila kesalahan di dalam toleransi tetapi ' +
        'kesalahan ditambah U melewatinya, tidak memenuhi bersyarat bila kesalahan melewati ' +
        'toleransi kurang dari U, dan tidak memenuhi bila melewatinya lebih dari U.'
      )
  }
}
