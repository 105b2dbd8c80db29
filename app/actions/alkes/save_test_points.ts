import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Alkes from '#models/alkes'
import AlkesTestPoint from '#models/alkes_test_point'
import ForbiddenException from '#exceptions/forbidden_exception'
import { audit, inTransaction, type Actor } from '#services/audit'
import { lockChain } from '#services/audit_chain'
import { testPointsRefusal } from '#services/lab_staff'
import {
  pointValues,
  samePoints,
  storedPoints,
  type TestPointInput,
} from '#queries/alkes/test_points'

/**
 * Replaces a device type's test points with the given list, in one transaction (the given one
 * or its own), audited with the points before and after. Only the head or admin of the
 * device's lab may (app/services/lab_staff.ts). A list equal to the stored one writes nothing.
 */
export async function saveTestPoints(
  actor: Actor,
  alkes: Alkes,
  points: TestPointInput[],
  trx?: TransactionClientContract
) {
  const refusal = testPointsRefusal(actor.user, alkes.laboratory)
  if (refusal) throw new ForbiddenException(refusal)
  const after = points.map(pointValues)
  return inTransaction(trx, async (client) => {
    // The chain's lock first: two saves of one list never interleave their delete and insert.
    await lockChain(client)
    const before = await storedPoints(alkes.id, client)
    if (samePoints(before, after)) return { changed: false, points: after }
    await AlkesTestPoint.query({ client }).where('alkes_id', alkes.id).delete()
    if (after.length) {
      await AlkesTestPoint.createMany(
        after.map((point, index) => ({
          alkesId: alkes.id,
          position: index + 1,
          parameter: point.parameter,
          unit: point.unit,
          nominal: point.nominal,
          tolerance: point.tolerance,
          toleranceType: point.tolerance_type,
          repeats: point.repeats,
          resolution: point.resolution,
        })),
        { client }
      )
    }
    await audit(
      actor,
      {
        action: 'alkes.test_points',
        subjectType: 'alkes',
        subjectId: alkes.id,
        from: { points: before },
        to: { points: after },
      },
      client
    )
    return { changed: true, points: after }
  })
}
