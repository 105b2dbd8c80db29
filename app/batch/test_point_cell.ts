import { errors as vineErrors } from '@vinejs/vine'
import {
  pointValues,
  samePoints,
  storedPoints,
  type TestPointInput,
  type TestPointValues,
} from '#queries/alkes/test_points'
import { MAX_TEST_POINTS, testPointsValidator } from '#validators/alkes_test_points'

/**
 * The "Titik Uji" cell of the device batch file (issue 15): one test point a line,
 *
 *   Parameter | Satuan | Nominal | Toleransi | Pengulangan | Resolusi
 *
 * with the tolerance written `2` or `±2` (in the unit) or `10%` (percent of the nominal), and
 * a decimal point or comma. Parsing only splits the text and reads the numbers; the form's
 * rules (app/validators/alkes_test_points.ts) judge the values.
 */
export const TEST_POINT_CELL_FORMAT =
  'Parameter | Satuan | Nominal | Toleransi | Pengulangan | Resolusi'

const PARTS = 6

export interface CellPoint {
  /** The line of the cell it was written on (1-based, blank lines counted). */
  line: number
  values: {
    parameter: string | null
    unit: string | null
    nominal: unknown
    tolerance: unknown
    tolerance_type: 'abs' | 'pct'
    repeats: unknown
    resolution: unknown
  }
}

/** "1,5" and "1.5" are 1.5; anything else that is not a plain decimal stays text (refused later). */
function decimal(text: string): unknown {
  if (text === '') return null
  if (/^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/.test(text))
    return Number(text.replace(',', '.'))
  return text
}

/** "±2", "+/-2", "2" (in the unit) or "10%", "± 10 %" (percent of the nominal). */
function tolerance(text: string) {
  const unsigned = text.replace(/^(±|\+\/-|\+-)\s*/, '')
  const percent = /%$/.test(unsigned)
  return {
    tolerance: decimal(percent ? unsigned.slice(0, -1).trim() : unsigned),
    tolerance_type: percent ? ('pct' as const) : ('abs' as const),
  }
}

export function cellLineError(line: number, message: string) {
  return `Titik Uji baris ${line}: ${message}`
}

/** The points of a cell, or the lines that cannot be read. An empty cell holds no points. */
export function parseTestPointCell(value: unknown): { points: CellPoint[]; errors: string[] } {
  if (value === null || value === undefined) return { points: [], errors: [] }
  const points: CellPoint[] = []
  const errors: string[] = []
  String(value)
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const text = raw.trim()
      if (!text) return
      const line = index + 1
      const parts = text.split('|').map((part) => part.trim())
      if (parts.length !== PARTS) {
        errors.push(
          cellLineError(
            line,
            `isi ${PARTS} bagian dipisah tanda | (${TEST_POINT_CELL_FORMAT}); terbaca ${parts.length} bagian.`
          )
        )
        return
      }
      const [parameter, unit, nominal, tolerated, repeats, resolution] = parts
      points.push({
        line,
        values: {
          parameter: parameter || null,
          unit: unit || null,
          nominal: decimal(nominal),
          ...tolerance(tolerated),
          repeats: decimal(repeats),
          resolution: decimal(resolution),
        },
      })
    })
  return { points, errors }
}

/** Points written as the cell reads them (the same text parses back to the same points). */
export function formatTestPointCell(points: TestPointValues[]) {
  return points
    .map((point) =>
      [
        point.parameter,
        point.unit,
        point.nominal,
        point.tolerance_type === 'pct' ? `${point.tolerance}%` : point.tolerance,
        point.repeats,
        point.resolution,
      ].join(' | ')
    )
    .join('\n')
}

/**
 * A row's "Titik Uji" cell, read and judged by the form's rules: its errors name the line, and
 * `points` is there only when the cell changes the stored list (a cell equal to it is no change,
 * so an untouched round trip needs no right to edit templates).
 */
export async function readTestPointCell(
  value: unknown,
  alkesId: number | null
): Promise<{ points?: TestPointInput[]; errors: string[] }> {
  const parsed = parseTestPointCell(value)
  if (parsed.errors.length) return { errors: parsed.errors }
  if (parsed.points.length > MAX_TEST_POINTS) {
    return {
      errors: [
        `Titik Uji berisi ${parsed.points.length} titik; maksimal ${MAX_TEST_POINTS} titik uji.`,
      ],
    }
  }
  let points: TestPointInput[]
  try {
    ;({ points } = await testPointsValidator.validate({
      points: parsed.points.map((point) => point.values),
    }))
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors = (error.messages as { field: string; message: string }[]).map(
      ({ field, message }) => {
        const index = Number(field.split('.')[1])
        const point = parsed.points[index]
        return point ? cellLineError(point.line, message) : `Titik Uji: ${message}`
      }
    )
    return { errors: [...new Set(errors)] }
  }
  const stored = alkesId ? await storedPoints(alkesId) : []
  return samePoints(stored, points.map(pointValues)) ? { errors: [] } : { points, errors: [] }
}
