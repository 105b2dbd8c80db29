import { urlFor } from '@adonisjs/core/services/url_builder'
import type { Infer } from '@vinejs/vine/types'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Alkes from '#models/alkes'
import type User from '#models/user'
import AlkesTestPoint from '#models/alkes_test_point'
import { LABORATORY_LABELS, type AlkesLaboratory } from '#enums/master_data'
import { editsTestPointsOf, testPointsRefusal } from '#services/lab_staff'
import {
  MAX_REPEATS,
  MAX_TEST_POINTS,
  type testPointsValidator,
} from '#validators/alkes_test_points'
import { alkesList } from '#queries/alkes/alkes_list'

/** One point as the form and the batch file send it (validated). */
export type TestPointInput = Infer<typeof testPointsValidator>['points'][number]

/** One point as it is stored, compared and audited: the list's order is its position. */
export type TestPointValues = {
  parameter: string
  unit: string
  nominal: number
  tolerance: number
  tolerance_type: 'abs' | 'pct'
  repeats: number
  resolution: number
}

export function pointValues(point: TestPointInput | AlkesTestPoint): TestPointValues {
  const type = point instanceof AlkesTestPoint ? point.toleranceType : point.tolerance_type
  return {
    parameter: point.parameter,
    unit: point.unit,
    nominal: Number(point.nominal),
    tolerance: Number(point.tolerance),
    tolerance_type: type,
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

/** What the test points page receives. */
export type TestPointsPage = {
  title: string
  alkes: {
    id: number
    name: string
    alkes_code: string
    laboratory: AlkesLaboratory
    laboratory_label: string
  }
  points: TestPointValues[]
  backHref: string
  /** Null when this user may only read the points. */
  submitHref: string | null
  /** Why the page is read-only, or null. */
  readOnlyNote: string | null
  maxPoints: number
  maxRepeats: number
  toleranceTypes: { value: TestPointValues['tolerance_type']; label: string }[]
}

/**
 * The test points page of a device type (GET /alkes/data/:id/test-points): the points in
 * order, and whether this user may change them (only the head or admin of the device's lab);
 * everyone else who may see the device list reads them.
 */
export async function testPointsPage(alkes: Alkes, user: User): Promise<TestPointsPage> {
  const canEdit = editsTestPointsOf(user, alkes.laboratory)
  const path = urlFor('alkes.test_points.update', { id: alkes.id })
  return {
    title: `Titik Uji ${alkes.name}`,
    alkes: {
      id: alkes.id,
      name: alkes.name,
      alkes_code: alkes.alkesCode,
      laboratory: alkes.laboratory,
      laboratory_label: LABORATORY_LABELS[alkes.laboratory],
    },
    points: await storedPoints(alkes.id),
    backHref: alkesList.path,
    submitHref: canEdit ? path : null,
    readOnlyNote: canEdit ? null : testPointsRefusal(user, alkes.laboratory),
    maxPoints: MAX_TEST_POINTS,
    maxRepeats: MAX_REPEATS,
    toleranceTypes: [
      { value: 'abs', label: 'Satuan' },
      { value: 'pct', label: '% nominal' },
    ],
  }
}
