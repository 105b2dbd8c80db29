import { test } from '@japa/runner'
import {
  evaluatePoint,
  overallPassed,
  reportPoint,
  roundTo,
  standardOfPoint,
  statedUncertainty,
  uncertaintyDecimals,
  withinLimit,
  type PointSpec,
} from '#shared/measurement'

/** Hand-computed cases (the working is in each comment), compared to 1e-6. */
const close = (assert: any, actual: number, expected: number, what: string) =>
  assert.approximately(actual, expected, 1e-6, what)

test.group('Measurement | one calibration point', () => {
  test('heart rate 60 bpm, readings 60 61 60: mean, error, budget and U', ({ assert }) => {
    const spec: PointSpec = {
      nominal: 60,
      tolerance: 2,
      toleranceType: 'abs',
      resolution: 1,
      referenceUncertainty: 0.5,
    }
    const result = evaluatePoint(spec, [60, 61, 60])
    // mean 181/3 = 60.333333; error 0.333333
    close(assert, result.mean, 60.333333, 'mean')
    close(assert, result.error, 0.333333, 'error')
    // deviations -1/3, 2/3, -1/3: squares 1/9 + 4/9 + 1/9 = 2/3; / (n-1) = 1/3; s = 0.577350
    close(assert, result.standardDeviation, 0.57735, 's')
    // uA = s / √3 = 0.333333; uRef = 0.5 / 2 = 0.25; uRes = 1 / (2√3) = 0.288675
    close(assert, result.repeatability, 0.333333, 'uA')
    close(assert, result.referenceContribution, 0.25, 'uRef')
    close(assert, result.resolutionContribution, 0.288675, 'uRes')
    // uc² = 0.111111 + 0.0625 + 0.083333 = 0.256944; uc = 0.506897
    close(assert, result.combinedUncertainty, 0.506897, 'uc')
    // ν_eff = uc⁴ / (uA⁴ / 2) = 0.066021 / 0.006173 = 10.695 → 10; t95.45(10) = 2.284 (GUM G.2)
    close(assert, result.effectiveDof, 10.6953125, 'ν_eff')
    assert.approximately(result.coverageFactor, 2.284, 0.0005)
    // U = 2.28368 · 0.506897 = 1.157591
    close(assert, result.expandedUncertainty, 1.157591, 'U')
    assert.equal(result.limit, 2)
    assert.isTrue(result.passed)
    // U to two significant figures (1.2), mean and error to its decimal place.
    assert.deepEqual(reportPoint(result), {
      decimals: 1,
      mean: '60.3',
      error: '0.3',
      expandedUncertainty: '1.2',
      coverageFactor: '2.28',
      limit: '2.0',
    })
  })

  test('a point exactly on its tolerance limit passes; a hair beyond it fails', ({ assert }) => {
    const spec: PointSpec = {
      nominal: 90,
      tolerance: 2,
      toleranceType: 'abs',
      resolution: 1,
      referenceUncertainty: 1,
    }
    const onLimit = evaluatePoint(spec, [92, 92, 92])
    // error 2 = limit 2; s = 0 (ν_eff infinite, k = 2); uc² = 0.5² + 0.288675² = 0.333333;
    // U = 2 · 0.577350 = 1.154701
    assert.equal(onLimit.error, 2)
    assert.isTrue(onLimit.passed)
    assert.equal(onLimit.coverageFactor, 2)
    close(assert, onLimit.expandedUncertainty, 1.154701, 'U')
    assert.equal(reportPoint(onLimit).expandedUncertainty, '1.2')

    const beyond = evaluatePoint(spec, [92, 92, 93])
    // mean 92.333333: error 2.333333 > 2
    assert.isFalse(beyond.passed)
  })

  test('decimal readings on the limit are not failed by binary rounding', ({ assert }) => {
    // 10.3 − 10.2 is 0.10000000000000142 in binary; on paper it is exactly the limit 0.1.
    const result = evaluatePoint(
      {
        nominal: 10.2,
        tolerance: 0.1,
        toleranceType: 'abs',
        resolution: 0.1,
        referenceUncertainty: 0,
      },
      [10.3]
    )
    assert.isTrue(result.passed)
    assert.isFalse(withinLimit(0.1001, 0.1))
  })

  test('infusion pump 100 mL/h, ±10 %: the limit follows the nominal', ({ assert }) => {
    const spec: PointSpec = {
      nominal: 100,
      tolerance: 10,
      toleranceType: 'pct',
      resolution: 0.1,
      referenceUncertainty: 0.6,
    }
    const result = evaluatePoint(spec, [108.5, 110, 111.5])
    // mean 330 / 3 = 110; error 10 = limit 100 · 10 % → passes on the limit
    assert.equal(result.mean, 110)
    assert.equal(result.limit, 10)
    assert.isTrue(result.passed)
    // s: deviations ±1.5, 0: 4.5 / 2 = 2.25, s = 1.5; uA = 1.5/√3 = 0.866025
    // uRef = 0.3; uRes = 0.1/(2√3) = 0.028868; uc² = 0.75 + 0.09 + 0.000833 = 0.840833
    // uc = 0.916969; ν_eff = 0.840833² / (0.75² / 2) = 2.514 → 2, k = t95.45(2) = 4.527
    // U = 4.52655 · 0.916969 = 4.150710 → 4.2
    close(assert, result.expandedUncertainty, 4.15071, 'U')
    assert.deepEqual(reportPoint(result), {
      decimals: 1,
      mean: '110.0',
      error: '10.0',
      expandedUncertainty: '4.2',
      coverageFactor: '4.53',
      limit: '10.0',
    })
    assert.isFalse(evaluatePoint(spec, [89.9]).passed, '−10.1 % is outside')
  })

  test('a single reading has no repeatability term', ({ assert }) => {
    const result = evaluatePoint(
      {
        nominal: 100,
        tolerance: 3,
        toleranceType: 'abs',
        resolution: 2,
        referenceUncertainty: 0.4,
      },
      [102]
    )
    // uA = 0; uRef = 0.2; uRes = 2/(2√3) = 0.577350; uc² = 0.04 + 0.333333 = 0.373333
    // uc = 0.611010; U = 1.222020
    assert.equal(result.repeatability, 0)
    close(assert, result.expandedUncertainty, 1.22202, 'U')
  })

  test('a point without readings is refused', ({ assert }) => {
    assert.throws(() =>
      evaluatePoint(
        { nominal: 1, tolerance: 1, toleranceType: 'abs', resolution: 1, referenceUncertainty: 0 },
        []
      )
    )
  })
})

test.group('Measurement | reporting and the verdict', () => {
  test('U keeps two significant figures; rounding is half away from zero', ({ assert }) => {
    assert.equal(uncertaintyDecimals(0.0347), 3)
    assert.equal(uncertaintyDecimals(1.23), 1)
    assert.equal(uncertaintyDecimals(23.4), 0)
    assert.equal(uncertaintyDecimals(0), 0)
    assert.equal(roundTo(1.005, 2), 1.01)
    assert.equal(roundTo(-0.05, 1), -0.1)
    assert.equal(roundTo(2.45, 1), 2.5)
  })

  test('the mean and error follow U to its decimal place, even when the resolution is finer', ({
    assert,
  }) => {
    const spec: PointSpec = {
      nominal: 5,
      tolerance: 1,
      toleranceType: 'abs',
      resolution: 0.01,
      referenceUncertainty: 2,
    }
    // U ≈ 2 · √(1² + …) = 2.00004 → "2.0": the mean 5.015 is reported 5.0 (GUM 7.2.6).
    const reported = reportPoint(evaluatePoint(spec, [5.01, 5.02]))
    assert.equal(reported.decimals, 1)
    assert.equal(reported.mean, '5.0')
    assert.equal(reported.expandedUncertainty, '2.0')
  })

  test('LAIK when every point passed, TIDAK LAIK when one failed, none without points', ({
    assert,
  }) => {
    assert.isTrue(overallPassed([{ passed: true }, { passed: true }]))
    assert.isFalse(overallPassed([{ passed: true }, { passed: false }]))
    assert.isNull(overallPassed([]))
  })
})

test.group('Measurement | the reference of a point', () => {
  const simulator = {
    id: 1,
    uncertainties: [
      { parameter: 'Heart rate', unit: 'bpm', expanded_uncertainty: 0.5 },
      { parameter: 'SpO2', unit: '%', expanded_uncertainty: 1 },
      { parameter: 'Tekanan', unit: 'mmHg', expanded_uncertainty: 0.5 },
    ],
  }
  const analyzer = {
    id: 2,
    uncertainties: [
      { parameter: 'Arus bocor', unit: 'µA', expanded_uncertainty: 1.5 },
      { parameter: 'Arus bocor RF', unit: 'µA', expanded_uncertainty: 2 },
    ],
  }

  test('the one value a certificate states in the unit counts, whatever it calls the parameter', ({
    assert,
  }) => {
    const nibp = { parameter: 'NIBP Sistolik', unit: 'mmHg' }
    assert.equal(statedUncertainty(simulator.uncertainties, nibp), 0.5)
    assert.equal(
      statedUncertainty(simulator.uncertainties, { parameter: 'Laju Jantung', unit: 'BPM' }),
      0.5
    )
    assert.isUndefined(
      statedUncertainty(simulator.uncertainties, { parameter: 'RR', unit: 'brpm' })
    )
    // Two values in one unit: the parameter's name decides, or nothing is assumed.
    assert.equal(
      statedUncertainty(analyzer.uncertainties, { parameter: 'arus  BOCOR rf', unit: 'µA' }),
      2
    )
    assert.isUndefined(
      statedUncertainty(analyzer.uncertainties, { parameter: 'Arus Bocor Peralatan', unit: 'µA' })
    )
  })

  test("a point's standard: the one named, else the first stating its uncertainty, else the first", ({
    assert,
  }) => {
    const chosen = [analyzer, simulator]
    assert.equal(standardOfPoint(2, chosen, { parameter: 'SpO2', unit: '%' })?.id, 2)
    assert.equal(standardOfPoint(undefined, chosen, { parameter: 'SpO2', unit: '%' })?.id, 1)
    assert.equal(standardOfPoint(undefined, chosen, { parameter: 'RR', unit: 'brpm' })?.id, 2)
    assert.isUndefined(standardOfPoint(3, chosen, { parameter: 'SpO2', unit: '%' }))
  })
})
