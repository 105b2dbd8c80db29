import { test } from '@japa/runner'
import {
  combineBudget,
  coverageFactor,
  effectiveDegreesOfFreedom,
  studentT,
} from '#shared/coverage'
import { evaluatePoint, reportPoint, roundUncertainty, type PointSpec } from '#shared/measurement'

/**
 * Checked against published numbers, not against our own formulas: the t-table of the GUM
 * (JCGM 100:2008, table G.2), its worked example H.1, EA-4/02's 10 kg weight (example S2, as
 * the GUM Workbench reproduction states it) and the issue's own recomputed case.
 */
test.group('Coverage | Student t and Welch–Satterthwaite (JCGM 100:2008)', () => {
  test('t_p(ν) reproduces table G.2 for p = 95.45 %, 95 % and 99 %', ({ assert }) => {
    // ν: [95.45 %, 95 %, 99 %] as printed in table G.2.
    const table: Record<number, [number, number, number]> = {
      1: [13.97, 12.71, 63.66],
      2: [4.53, 4.3, 9.92],
      3: [3.31, 3.18, 5.84],
      4: [2.87, 2.78, 4.6],
      5: [2.65, 2.57, 4.03],
      6: [2.52, 2.45, 3.71],
      7: [2.43, 2.36, 3.5],
      8: [2.37, 2.31, 3.36],
      9: [2.32, 2.26, 3.25],
      10: [2.28, 2.23, 3.17],
      16: [2.17, 2.12, 2.92],
      20: [2.13, 2.09, 2.85],
      50: [2.05, 2.01, 2.68],
    }
    for (const [dof, [p9545, p95, p99]] of Object.entries(table)) {
      assert.approximately(studentT(0.9545, Number(dof)), p9545, 0.005, `95.45 %, ν = ${dof}`)
      assert.approximately(studentT(0.95, Number(dof)), p95, 0.005, `95 %, ν = ${dof}`)
      assert.approximately(studentT(0.99, Number(dof)), p99, 0.005, `99 %, ν = ${dof}`)
    }
    assert.approximately(studentT(0.9545, 100), 2.025, 0.0005)
    assert.equal(studentT(0.9545, Infinity), 2)
  })

  test('k = 2 only when ν_eff is infinite; a fractional ν_eff is truncated (G.6.4)', ({
    assert,
  }) => {
    assert.equal(coverageFactor(Infinity), 2)
    assert.approximately(coverageFactor(2.9), 4.53, 0.005)
    assert.approximately(coverageFactor(10.7), 2.28, 0.005)
    assert.approximately(coverageFactor(0.4), 13.97, 0.005, 'never below one degree')
  })

  test('GUM H.1 (end gauge): ν_eff = 16.7, truncated to 16, t95(16) = 2.12, U99 = 93 nm', ({
    assert,
  }) => {
    // Contributions u_i(l) in nm with their ν_i, as table H.1 lists them.
    const terms = [
      { u: 25, dof: 18 },
      { u: 9.7, dof: 25.6 },
      { u: 2.9, dof: 50 },
      { u: 16.6, dof: 2 },
    ]
    const nu = effectiveDegreesOfFreedom(terms)
    assert.approximately(nu, 16.7, 0.1)
    const uc = combineBudget(terms).combined
    assert.equal(Math.round(uc), 32)
    assert.approximately(studentT(0.95, Math.floor(nu)), 2.12, 0.005)
    assert.equal(Math.round(studentT(0.99, Math.floor(nu)) * 32), 93)
  })

  test('EA-4/02 S2 (weight of 10 kg): u_c = 29.1 mg, U = 0.058 g with k = 2', ({ assert }) => {
    // m_S 45 mg / 2; drift ±15 mg rectangular; comparator repeatability (pooled, many degrees
    // of freedom); eccentricity and buoyancy ±10 mg rectangular. In grams.
    const terms = [
      { u: 0.045 / 2, dof: Infinity },
      { u: 0.015 / Math.sqrt(3), dof: Infinity },
      { u: 0.0142, dof: Infinity },
      { u: 0.01 / Math.sqrt(3), dof: Infinity },
      { u: 0.01 / Math.sqrt(3), dof: Infinity },
    ]
    const budget = combineBudget(terms)
    assert.approximately(budget.combined, 0.0291, 0.00005)
    assert.equal(budget.coverageFactor, 2)
    assert.equal(roundUncertainty(budget.expanded), 0.058)
  })

  test('the issue’s case: readings 58, 60, 62 bpm at 60, resolution 1, U_ref 0.5 give U ≈ 5.5', ({
    assert,
  }) => {
    const spec: PointSpec = {
      nominal: 60,
      tolerance: 2,
      toleranceType: 'abs',
      resolution: 1,
      referenceUncertainty: 0.5,
    }
    const result = evaluatePoint(spec, [58, 60, 62])
    // uA = 2/√3 = 1.1547 (ν 2), uRef 0.25, uRes 0.2887: uc = 1.2162, ν_eff = 2.46 → 2, k = 4.53
    assert.approximately(result.effectiveDof, 2.46, 0.005)
    assert.approximately(result.coverageFactor, 4.53, 0.005)
    assert.equal(reportPoint(result).expandedUncertainty, '5.5')
    // U 5.5 is larger than the whole tolerance ±2: the point cannot pass.
    assert.equal(result.conformity, 'fail')
  })

  test('a reference stated with its own k, or relative in %, is divided accordingly', ({
    assert,
  }) => {
    const base = { nominal: 200, tolerance: 5, toleranceType: 'abs' as const, resolution: 1 }
    const k205 = evaluatePoint(
      { ...base, referenceUncertainty: 0.41, referenceCoverage: 2.05 },
      [200]
    )
    assert.approximately(k205.referenceContribution, 0.2, 1e-9)
    // 0.5 % of 200 = 1.0 (k = 2) → 0.5
    const relative = evaluatePoint(
      { ...base, referenceUncertainty: 0.5, referenceRelative: true },
      [200]
    )
    assert.approximately(relative.referenceContribution, 0.5, 1e-9)
  })
})

test.group('Coverage | the standard and the readings in the budget', () => {
  const base = {
    nominal: 60,
    tolerance: 2,
    toleranceType: 'abs' as const,
    resolution: 1,
    referenceUncertainty: 0.5,
  }

  test('the error is taken against nominal + the certificate’s correction', ({ assert }) => {
    const result = evaluatePoint({ ...base, referenceCorrection: 0.3 }, [61])
    assert.approximately(result.error, 0.7, 1e-9)
  })

  test('drift (half-width, rectangular) and the standard’s resolution join the budget', ({
    assert,
  }) => {
    const result = evaluatePoint({ ...base, referenceDrift: 0.3, referenceResolution: 0.1 }, [60])
    const drift = result.budget.find((line) => line.source === 'drift')!
    assert.approximately(drift.u, 0.3 / Math.sqrt(3), 1e-12)
    const own = result.budget.find((line) => line.source === 'reference_resolution')!
    assert.approximately(own.u, 0.1 / (2 * Math.sqrt(3)), 1e-12)
    // uc² = 0.25² + 0.173205² + 0.028868² + 0.288675² = 0.0625 + 0.03 + 0.000833 + 0.083333
    assert.approximately(result.combinedUncertainty, Math.sqrt(0.1766666667), 1e-9)
  })

  test('with fewer readings than the minimum, the pooled s of the history and its ν are used', ({
    assert,
  }) => {
    const prior = { deviation: 0.8, dof: 12 }
    const single = evaluatePoint({ ...base, prior }, [60])
    const line = single.budget.find((item) => item.source === 'repeatability')!
    assert.equal(line.value, 0.8)
    assert.equal(line.u, 0.8)
    assert.equal(line.dof, 12)
    assert.isBelow(single.effectiveDof, Infinity)
    // With enough readings their own s counts.
    const three = evaluatePoint({ ...base, prior }, [60, 61, 60])
    assert.approximately(three.standardDeviation, 0.57735, 1e-5)
    // The lab may ask for more readings before the sheet stands on its own.
    const strict = evaluatePoint({ ...base, prior, minimumReadings: 5 }, [60, 61, 60])
    assert.equal(strict.standardDeviation, 0.8)
  })
})

test.group('Coverage | reporting U (GUM 7.2.6, EA-4/02 5)', () => {
  test('two significant figures: 1.047 → 1.0, 0.0996 → 0.10, rounding up when chosen', ({
    assert,
  }) => {
    assert.equal(roundUncertainty(1.047), 1.0)
    assert.equal(roundUncertainty(0.0996), 0.1)
    assert.equal(roundUncertainty(0.1004), 0.1)
    assert.equal(roundUncertainty(2.35), 2.4)
    assert.equal(roundUncertainty(1.01, true), 1.1)
    assert.equal(roundUncertainty(1.0, true), 1.0)
    const spec: PointSpec = {
      nominal: 1,
      tolerance: 1,
      toleranceType: 'abs',
      resolution: 0.001,
      referenceUncertainty: 0.0996,
    }
    // U ≈ 0.0996: printed "0.10" (two figures, two decimals), the error at the same place.
    const reported = reportPoint(evaluatePoint(spec, [1.0333]))
    assert.equal(reported.expandedUncertainty, '0.10')
    assert.equal(reported.error, '0.03')
  })

  test('nothing printed contradicts the verdict: error 2.033 against ±2 prints 2.0 and passes', ({
    assert,
  }) => {
    const spec: PointSpec = {
      nominal: 60,
      tolerance: 2,
      toleranceType: 'abs',
      resolution: 0.001,
      referenceUncertainty: 1.6,
    }
    // U = 1.6 keeps one decimal: the error 2.033 is reported 2.0 and judged as printed.
    const result = evaluatePoint(spec, [62.033])
    const reported = reportPoint(result)
    assert.equal(reported.error, '2.0')
    assert.isTrue(result.passed)
    const beyond = evaluatePoint(spec, [62.06])
    assert.equal(reportPoint(beyond).error, '2.1')
    assert.isFalse(beyond.passed)
  })
})
