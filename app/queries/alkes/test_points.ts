import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Infer } from '@vinejs/vine/types'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Alkes from '#models/alkes'
import type User from '#models/user'
import AlkesTestPoint from '#models/alkes_test_point'
import { editsTestPointsOf, testPointsRefusal } from '#services/lab_staff'
import {
  MAX_REPEATS,
  MAX_TEST_POINTS,
  type testPointsValidator,
} from '#validators/alkes_test_points'
import { alkesList } from '#queries/alkes/alkes_list'
import AlkesTransformer from '#transformers/alkes_transformer'
import AlkesTestPointTransformer from '#transformers/alkes_test_point_transformer'

/** One point as the form and the batch file send it (validated). */
export type TestPointInput = Infer<typeof testPointsValidator>['points'][number]

/** One point as it is stored, compared and audited (`AlkesTestPointTransformer`). */
export type TestPointValues = ReturnType<AlkesTestPointTransformer['toObject']>

export function pointValues(point: TestPointInput | AlkesTestPoint): TestPointValues {
  if (point instanceof AlkesTestPoint) return new AlkesTestPointTransformer(point).toObject()
  return {
    parameter: point.parameter,
    unit: point.unit,
    nominal: Number(point.nominal),
    tolerance: Number(point.tolerance),
    tolerance_type: point.tolerance_type,
    repeats: Number(point.repeats),
    resolution: Number(point.resolution),
  }
}

/** The stored points of a device type, in order. */
export async function storedPoints(
  alkesId: number,
  client?: QueryClientContract | TransactionClientContract
) {
  const points = await AlkesTestPoint.query(client ? { client } : {})
    .where('alkes_id', alkesId)
    .orderBy('position')
  return points.map(pointValues)
}

export function samePoints(a: TestPointValues[], b: TestPointValues[]) {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The test points page of a device type (GET /alkes/data/:id/test-points): the points in
 * order, and whether this user may change them (only the head or admin of the device's lab);
 * everyone else who may see the device list reads them.
 */
export async function testPointsPage(alkes: Alkes, user: User) {
  const canEdit = editsTestPointsOf(user, alkes.laboratory)
  const path = urlFor('alkes.test_points.update', { id: alkes.id })
  return {
    title: `Titik Uji ${alkes.name}`,
    alkes: new AlkesTransformer(alkes).forTestPoints(),
    points: await storedPoints(alkes.id),
    backHref: alkesList.path,
    submitHref: canEdit ? path : null,
    readOnlyNote: canEdit ? null : testPointsRefusal(user, alkes.laboratory),
    maxPoints: MAX_TEST_POINTS,
    maxRepeats: MAX_REPEATS,
    toleranceTypes: [
      { value: 'abs' as const, label: 'Satuan' },
      { value: 'pct' as const, label: '% nominal' },
    ],
  }
}
