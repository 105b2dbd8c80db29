import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { standardDeviation } from '#shared/measurement'

/** A test point as its prior is keyed: the same parameter, unit and nominal value. */
export const priorKey = (point: { parameter: string; unit: string; nominal: number }) =>
  `${point.parameter}|${point.unit}|${Number(point.nominal)}`

/** How many earlier worksheets of the device type a prior pools. */
const HISTORY = 30

/**
 * The pooled standard deviation of a device type's readings at each of its test points, from
 * its latest worksheets with at least two readings (GUM 4.2.4: a prior evaluation of
 * repeatability): s_p² = Σ(ni − 1)si² / Σ(ni − 1), with ν = Σ(ni − 1). A worksheet with fewer
 * readings than the lab's minimum takes it instead of a zero repeatability. The line being
 * measured is left out.
 */
export async function priorDeviations(
  alkesId: number,
  exceptDeviceId: number,
  client?: QueryClientContract
) {
  const rows = await (client ?? db)
    .from('worksheet_points as p')
    .join('order_devices as d', 'd.id', 'p.order_device_id')
    .where('d.alkes_id', alkesId)
    .whereNot('d.id', exceptDeviceId)
    .where('p.repeats', '>=', 2)
    .select('p.parameter', 'p.unit', 'p.nominal', 'p.readings')
    .orderBy('p.id', 'desc')
    .limit(HISTORY * 10)
  const pooled = new Map<string, { squares: number; dof: number; sheets: number }>()
  for (const row of rows) {
    const readings = JSON.parse(row.readings) as number[]
    if (readings.length < 2) continue
    const key = priorKey(row)
    const sum = pooled.get(key) ?? { squares: 0, dof: 0, sheets: 0 }
    if (sum.sheets >= HISTORY) continue
    const dof = readings.length - 1
    sum.squares += dof * standardDeviation(readings) ** 2
    sum.dof += dof
    sum.sheets += 1
    pooled.set(key, sum)
  }
  const priors = new Map<string, { deviation: number; dof: number }>()
  for (const [key, { squares, dof }] of pooled) {
    priors.set(key, { deviation: Math.sqrt(squares / dof), dof })
  }
  return priors
}
