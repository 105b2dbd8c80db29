import { test } from '@japa/runner'
import { formatTestPointCell, parseTestPointCell } from '#batch/test_point_cell'

/** The "Titik Uji" cell of the device batch file (issue 15): one point a line. */

test.group('Batch | Titik Uji cell', () => {
  test('tolerances in the unit (2, ±2, +/-2) or in percent (10%, ± 10 %); decimal comma or point', ({
    assert,
  }) => {
    const { points, errors } = parseTestPointCell(
      [
        'Laju Jantung | bpm | 60 | 2 | 3 | 1',
        'Laju Jantung | bpm | 120 | ±2 | 3 | 1',
        'Suhu | °C | 36,5 | +/-0,2 | 5 | 0.1',
        'Laju Aliran | mL/h | 10 | 10% | 3 | 0,1',
        '  Energi | J | 200 | ± 15 % | 1 | 1  ',
      ].join('\r\n')
    )
    assert.deepEqual(errors, [])
    assert.deepEqual(
      points.map((point) => [
        point.line,
        point.values.nominal,
        point.values.tolerance,
        point.values.tolerance_type,
        point.values.repeats,
        point.values.resolution,
      ]),
      [
        [1, 60, 2, 'abs', 3, 1],
        [2, 120, 2, 'abs', 3, 1],
        [3, 36.5, 0.2, 'abs', 5, 0.1],
        [4, 10, 10, 'pct', 3, 0.1],
        [5, 200, 15, 'pct', 1, 1],
      ]
    )
    assert.equal(points[4].values.parameter, 'Energi')
  })

  test('an empty cell holds no points; blank lines are skipped but counted', ({ assert }) => {
    assert.deepEqual(parseTestPointCell(null), { points: [], errors: [] })
    const { points } = parseTestPointCell('\nA | V | 1 | 1 | 1 | 1\n\n')
    assert.deepEqual(
      points.map((point) => point.line),
      [2]
    )
  })

  test('a line without six parts is named; text that is not a plain number is left for the rules to refuse', ({
    assert,
  }) => {
    const { errors } = parseTestPointCell('A | V | 1 | 1 | 1 | 1\nB | V | 1')
    assert.deepEqual(errors, [
      'Titik Uji baris 2: isi 6 bagian dipisah tanda | (Parameter | Satuan | Nominal | Toleransi | Pengulangan | Resolusi); terbaca 3 bagian.',
    ])
    const [point] = parseTestPointCell('A |  | 1.000,5 | dua | 3 | ').points
    assert.equal(point.values.unit, null)
    assert.equal(point.values.nominal, '1.000,5')
    assert.equal(point.values.tolerance, 'dua')
    assert.isNull(point.values.resolution)
  })

  test('points written as a cell read back as the same points', ({ assert }) => {
    const points = [
      {
        parameter: 'Laju Aliran',
        unit: 'mL/h',
        nominal: 10,
        tolerance: 10,
        tolerance_type: 'pct' as const,
        repeats: 3,
        resolution: 0.1,
      },
      {
        parameter: 'Resistansi Pembumian',
        unit: 'Ω',
        nominal: 0,
        tolerance: 0.2,
        tolerance_type: 'abs' as const,
        repeats: 1,
        resolution: 0.001,
      },
    ]
    const { points: read, errors } = parseTestPointCell(formatTestPointCell(points))
    assert.deepEqual(errors, [])
    assert.deepEqual(
      read.map((point) => point.values),
      points
    )
  })
})
