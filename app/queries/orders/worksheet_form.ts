import lab from '#config/lab'
import { priorDeviations, priorKey } from '#queries/orders/prior_deviations'
import { decisionOf } from '#queries/orders/decision_rule'
import { DECISION_RULE_LABELS } from '#shared/decision_rules'
import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import { labNow } from '#services/format'
import { previewCertificateNumber } from '#services/certificate_numbers'
import { staffWithRoles } from '#queries/orders/alkes_options'
import { standardCandidates } from '#queries/orders/worksheet_standards'
import { pointsToMeasure } from '#actions/orders/worksheet_measurements'
import type { FormPoint } from '#shared/measurement'
import WorksheetPoint from '#models/worksheet_point'

const LAB_WORK_PLACE = 'Laboratorium Kalibrasi Kalibra'

/** A stored number as the officer types it: decimal comma (the page sends it back with a point). */
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',')

/** The work date the standards are offered for: the one asked for (a valid past day) or the form's. */
export function standardsDate(asked: unknown, device: OrderDevice) {
  const today = labNow().toISODate()!
  const valid = typeof asked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= today
  return valid ? asked : (device.workDate?.toISODate() ?? today)
}

/**
 * What the worksheet form of a device line needs (both order types, first fill or an
 * amendment): the identity fields of the spec, the test points of the template with the
 * readings so far, the standards the officer may pick on the work date, and the values.
 */
export async function worksheetFormProps(
  order: Order,
  device: OrderDevice,
  user: User,
  options: { amendment: boolean; standardsOn: string }
) {
  const now = labNow()
  const decision = decisionOf(order)
  const [officers, points, candidates, priors, chosen] = await Promise.all([
    staffWithRoles(['officer_pk', 'supervisor_of_pk_laboratory', 'yantek']),
    pointsToMeasure(device),
    standardCandidates(order, device, options.standardsOn),
    priorDeviations(device.alkesId, device.id),
    db.from('order_device_standards').where('order_device_id', device.id).select('calibrator_id'),
  ])
  return {
    officers,
    nextCertificateNumber:
      device.certificateNumber || options.amendment
        ? null
        : await previewCertificateNumber({
            lab: device.lab,
            year: now.year,
            month: device.certificateMonth ?? now.month,
            template: device.alkes.certificateNumber,
          }),
    points: points.map((point): FormPoint => ({
      parameter: point.parameter,
      unit: point.unit,
      nominal: point.nominal,
      tolerance: point.tolerance,
      tolerance_type: point.toleranceType,
      repeats: point.repeats,
      prior: priors.get(priorKey(point)) ?? null,
    })),
    standards: candidates,
    standardsDate: options.standardsOn,
    // How the points are judged and reported (config/lab.ts), so the page computes as the server.
    measurement: {
      decision,
      rule_label: DECISION_RULE_LABELS[decision.rule],
      round_up: lab.measurement.roundUp,
      minimum_readings: lab.measurement.minimumReadings,
      minimum_tur: lab.measurement.minimumTur,
    },
    measuredLaik: device.measuredLaik,
    values: {
      merk: device.merk ?? '',
      model: device.model ?? '',
      serial_number: device.serialNumber ?? '',
      type: device.type ?? 'Kalibrasi',
      additional_order_number: device.additionalOrderNumber ?? '',
      ...(options.amendment ? {} : { certificate_number: device.certificateNumber ?? '' }),
      certificate_month: String(device.certificateMonth ?? now.month),
      work_date: device.workDate?.toISODate() ?? now.toISODate()!,
      work_place: device.workPlace ?? LAB_WORK_PLACE,
      room_name: device.roomName ?? '',
      // The result is chosen by the officer, never assumed.
      is_laik: device.isLaik === null ? '' : device.isLaik ? '1' : '0',
      officer_id: String(device.finisherOfficerId ?? device.officerId ?? user.id),
      ambient_temperature: text(device.ambientTemperature),
      ambient_humidity: text(device.ambientHumidity),
      standards: chosen.map((row) => String(row.calibrator_id)),
      points: points.map((point) =>
        point instanceof WorksheetPoint
          ? {
              readings: point.readings.map(text),
              resolution: text(point.resolution),
              calibrator_id: point.calibratorId === null ? '' : String(point.calibratorId),
              reference_uncertainty: text(point.referenceUncertainty),
              reference_coverage: text(point.referenceCoverage),
            }
          : {
              readings: Array.from({ length: point.repeats }, () => ''),
              resolution: text(point.resolution),
              calibrator_id: '',
              reference_uncertainty: '',
              reference_coverage: '2',
            }
      ),
      laik_override_reason: device.laikOverrideReason ?? '',
      ...(options.amendment ? { amendment_reason: '' } : {}),
    },
  }
}
