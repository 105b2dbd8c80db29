import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import AlkesTestPoint from '#models/alkes_test_point'
import WorksheetPoint from '#models/worksheet_point'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import {
  evaluatePoint,
  formatMeasure,
  overallPassed,
  standardOfPoint,
  statedReference,
  storedSpec,
} from '#shared/measurement'
import lab from '#config/lab'
import { refuseFields } from '#services/field_errors'
import { standardCandidates, type StandardCandidate } from '#queries/orders/worksheet_standards'
import { priorDeviations, priorKey } from '#queries/orders/prior_deviations'
import { decisionOf } from '#queries/orders/decision_rule'

export interface MeasurementInput {
  ambient_temperature?: number
  ambient_humidity?: number
  standards?: number[]
  points?: {
    readings: (number | null)[]
    resolution: number
    calibrator_id?: number
    reference_uncertainty?: number
    /** The k of a typed reference U (2 when the certificate states none). */
    reference_coverage?: number
  }[]
}

/** The test points a worksheet measures: its own copy once measured, else the type's template. */
export async function pointsToMeasure(
  device: Pick<OrderDevice, 'id' | 'alkesId'>,
  client?: TransactionClientContract
) {
  const options = client ? { client } : undefined
  const own = await WorksheetPoint.query(options)
    .where('order_device_id', device.id)
    .orderBy('position')
  if (own.length) return own
  return AlkesTestPoint.query(options).where('alkes_id', device.alkesId).orderBy('position')
}

/**
 * Records a device line's measurements in the worksheet's transaction (issue 15): the chosen
 * standards (each must be available to this order's line and valid on the work date), the
 * readings of every test point with the results computed from them, the room's conditions.
 * Every problem is reported under its field at once and nothing is written. Returns the
 * verdict the points give, or the stored one when no points were sent (null: none).
 */
export async function recordMeasurements(
  trx: TransactionClientContract,
  order: Order,
  device: OrderDevice,
  input: MeasurementInput,
  workDate: string
): Promise<boolean | null> {
  const errors: Record<string, string> = {}
  // The rule agreed with the facility on this order (the lab's default for older orders).
  const rule = decisionOf(order)
  const standards = input.standards ?? []
  const measuring = input.points !== undefined
  const candidates = new Map<number, StandardCandidate>()
  if (standards.length) {
    for (const candidate of await standardCandidates(order, device, workDate, trx)) {
      candidates.set(candidate.id, candidate)
    }
    const refusals = standards.map((id) => {
      const candidate = candidates.get(id)
      if (!candidate) {
        return 'Kalibrator acuan ini tidak dipinjam untuk order ini dan bukan milik laboratorium alat ini.'
      }
      return candidate.refusal
    })
    const refused = refusals.filter(Boolean)
    if (refused.length) errors.standards = refused.join(' ')
  } else if (measuring) {
    errors.standards = 'Pilih kalibrator acuan yang dipakai untuk pengukuran.'
  }

  let results: Partial<ModelAttributes<WorksheetPoint>>[] = []
  if (measuring) {
    if (input.ambient_temperature === undefined) {
      errors.ambient_temperature = 'Suhu ruangan (°C) wajib diisi bila pengukuran dicatat.'
    }
    if (input.ambient_humidity === undefined) {
      errors.ambient_humidity = 'Kelembapan (%RH) wajib diisi bila pengukuran dicatat.'
    }
    const template = await pointsToMeasure(device, trx)
    const priors = await priorDeviations(device.alkesId, device.id, trx)
    const points = input.points!
    if (!template.length) {
      errors.points =
        'Jenis alat ini belum memiliki titik uji; unggah sertifikat atau isi titik uji di data alkes.'
    } else if (points.length !== template.length) {
      errors.points = `Isi semua ${template.length} titik uji.`
    } else {
      results = template.map((spec, index) => {
        const point = points[index]
        const name = `${spec.parameter} ${formatMeasure(spec.nominal)} ${spec.unit}`
        const readings = point.readings.filter((reading) => reading !== null)
        if (readings.length !== spec.repeats) {
          errors[`points.${index}.readings`] = `Isi ${spec.repeats} pembacaan untuk ${name}.`
        }
        if (point.calibrator_id !== undefined && !standards.includes(point.calibrator_id)) {
          errors[`points.${index}.calibrator_id`] =
            `Acuan untuk ${name} harus salah satu kalibrator acuan yang dipilih.`
        }
        const chosen = standardOfPoint(
          point.calibrator_id,
          standards.map((id) => candidates.get(id)).filter((c) => c !== undefined),
          spec
        )
        const stated = chosen ? statedReference(chosen.uncertainties, spec) : undefined
        const referenceUncertainty = stated?.expanded_uncertainty ?? point.reference_uncertainty
        if (referenceUncertainty === undefined) {
          errors[`points.${index}.reference_uncertainty`] =
            `Isi ketidakpastian acuan untuk ${name} dari sertifikat kalibratornya.`
        }
        // The device type's pooled s, when this sheet has fewer readings than the minimum.
        const prior =
          readings.length < lab.measurement.minimumReadings ? priors.get(priorKey(spec)) : undefined
        const values = {
          orderDeviceId: device.id,
          position: index + 1,
          parameter: spec.parameter,
          unit: spec.unit,
          nominal: spec.nominal,
          tolerance: spec.tolerance,
          toleranceType: spec.toleranceType,
          repeats: spec.repeats,
          resolution: point.resolution,
          calibratorId: chosen?.id ?? null,
          referenceUncertainty: referenceUncertainty ?? 0,
          referenceCoverage: stated
            ? (stated.coverage_factor ?? 2)
            : (point.reference_coverage ?? 2),
          referenceRelative: stated?.relative ?? false,
          referenceCorrection: stated?.correction ?? 0,
          referenceDrift: stated?.drift ?? 0,
          referenceResolution: stated?.resolution ?? 0,
          priorDeviation: prior?.deviation ?? null,
          priorDof: prior?.dof ?? null,
          decisionRule: rule.rule,
          guardFactor: rule.guardFactor ?? null,
          readings,
        }
        // Judged as its certificate will judge it, from what is stored.
        const result = evaluatePoint(
          storedSpec(values, lab.measurement),
          readings.length ? readings : [0]
        )
        return {
          ...values,
          mean: result.mean,
          error: result.error,
          expandedUncertainty: result.expandedUncertainty,
          coverageFactor: result.coverageFactor,
          effectiveDof: Number.isFinite(result.effectiveDof) ? result.effectiveDof : null,
          conformity: result.conformity,
          passed: result.passed,
        }
      })
    }
  }
  if (Object.keys(errors).length) refuseFields(errors)

  if (input.standards !== undefined) {
    await trx.from('order_device_standards').where('order_device_id', device.id).delete()
    if (standards.length) {
      await trx.table('order_device_standards').multiInsert(
        standards.map((id) => ({
          order_device_id: device.id,
          calibrator_id: id,
          calibration_id: candidates.get(id)!.calibration_id,
        }))
      )
    }
  }
  if (!measuring) return device.measuredLaik
  await WorksheetPoint.query({ client: trx }).where('order_device_id', device.id).delete()
  await WorksheetPoint.createMany(results, { client: trx })
  device.ambientTemperature = input.ambient_temperature!
  device.ambientHumidity = input.ambient_humidity!
  return overallPassed(results as { passed: boolean }[])
}
