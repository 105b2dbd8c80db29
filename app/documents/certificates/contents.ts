import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import lab from '#config/lab'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import WorksheetPoint from '#models/worksheet_point'
import Alkes from '#models/alkes'
import Fasyankes from '#models/fasyankes'
import { LAB_LABELS } from '#enums/labs'
import type { CertificateContents, CertificatePoint } from '#models/certificate'
import { formatDate, formatDateTime, isoDate, LAB_TIMEZONE } from '#services/format'
import { verificationUrl } from '#services/label_codes'
import {
  evaluatePoint,
  formatMeasure,
  formatTolerance,
  reportPoint,
  storedSpec,
  DISTRIBUTION_LABELS,
} from '#shared/measurement'
import { describeRule } from '#shared/decision_rules'

/** A revision's number: the line's own number, then `-R1`, `-R2`… for the corrections. */
export function revisionNumber(base: string, revision: number) {
  return revision > 0 ? `${base}-R${revision}` : base
}

export interface ApprovalMeta {
  number: string
  revision: number
  code: string
  approver: User
  approvedAt: DateTime
  amendmentReason: string | null
  replaces: string | null
}

const verdictOf = (laik: boolean | null): 'LAIK' | 'TIDAK LAIK' => (laik ? 'LAIK' : 'TIDAK LAIK')

/**
 * The contents of a device line's certificate as its worksheet now stands: approved
 * (`approval`), or a draft to preview (no code, no signatory).
 */
export async function certificateContents(
  client: QueryClientContract,
  order: Order,
  device: OrderDevice,
  approval: ApprovalMeta | null
): Promise<CertificateContents> {
  // Read through `client`, one after another: inside the approval's transaction its one
  // connection takes one query at a time (a second connection would wait for it on SQLite).
  const facility = await Fasyankes.query({ client }).where('id', order.fasyankesId).firstOrFail()
  const alkes = await Alkes.query({ client }).where('id', device.alkesId).firstOrFail()
  const points = await WorksheetPoint.query({ client })
    .where('order_device_id', device.id)
    .orderBy('position')
  const standards = await client
    .from('order_device_standards as s')
    .join('calibrators as c', 'c.id', 's.calibrator_id')
    .join('calibrator_calibrations as k', 'k.id', 's.calibration_id')
    .where('s.order_device_id', device.id)
    .orderBy('c.name')
    .select('c.name', 'c.merk', 'c.type_model', 'c.serial_number')
    .select('k.certificate_number', 'k.due_on', 'k.issuer')
  const officer = device.finisherOfficerId
    ? await client.from('users').where('id', device.finisherOfficerId).select('name').first()
    : null
  return {
    number: approval?.number ?? device.certificateNumber ?? '(belum bernomor)',
    revision: approval?.revision ?? 0,
    code: approval?.code ?? null,
    verification_url: approval ? verificationUrl(approval.code) : null,
    lab: { name: lab.name, address: lab.address, unit: `Laboratorium ${LAB_LABELS[device.lab]}` },
    customer: { name: facility.fasyankesName, address: facility.address ?? '-' },
    order_number: order.number,
    order_date: formatDate(order.createdAt),
    device: {
      name: alkes.name,
      merk: device.merk ?? '-',
      model: device.model ?? '-',
      serial_number: device.serialNumber ?? '-',
      service: device.type ?? 'Kalibrasi',
    },
    method: alkes.mkCode ?? '-',
    work_date: formatDate(device.workDate),
    work_place: device.workPlace ?? '-',
    room: device.roomName,
    conditions: {
      temperature:
        device.ambientTemperature === null ? '-' : `${formatMeasure(device.ambientTemperature)} °C`,
      humidity:
        device.ambientHumidity === null ? '-' : `${formatMeasure(device.ambientHumidity)} %RH`,
    },
    points: points.map(certificatePoint),
    standards: standards.map((row) => ({
      name: row.name,
      merk_model: [row.merk, row.type_model].filter(Boolean).join(' / ') || '-',
      serial_number: row.serial_number,
      certificate_number: row.certificate_number ?? '-',
      due_date: formatDate(isoDate(row.due_on)),
      issuer: row.issuer ?? null,
    })),
    verdict: verdictOf(device.isLaik),
    measured_verdict: verdictOf(device.measuredLaik),
    override_reason: device.laikOverrideReason,
    officer: officer?.name ?? '-',
    signatory: approval
      ? {
          name: approval.approver.name,
          nip: approval.approver.nip,
          role: `Kepala Laboratorium ${LAB_LABELS[device.lab]}`,
        }
      : null,
    issued_date: approval ? formatDate(approval.approvedAt) : null,
    issued_on: approval ? approval.approvedAt.setZone(LAB_TIMEZONE).toISODate() : null,
    approved_at: approval ? formatDateTime(approval.approvedAt) : null,
    amendment:
      approval?.amendmentReason && approval.revision > 0
        ? { reason: approval.amendmentReason, replaces: approval.replaces }
        : null,
    statements: statementsOf(points),
  }
}

/** A number of a budget at six significant figures, as the lab writes it. */
const budgetNumber = (value: number) =>
  Number.isFinite(value) ? formatMeasure(Number(value.toPrecision(6))) : '∞'

/** The spec a saved point was judged by (its stored budget inputs and rule). */
const specOf = (point: WorksheetPoint) => storedSpec(point, lab.measurement)

/** A measured point as the certificate prints it (rounded by measurement.ts's rules). */
function certificatePoint(point: WorksheetPoint): CertificatePoint {
  const result = evaluatePoint(specOf(point), point.readings)
  const reported = reportPoint(result)
  return {
    parameter: point.parameter,
    unit: point.unit,
    nominal: formatMeasure(point.nominal),
    readings: point.readings.map((value) => formatMeasure(value)),
    mean: formatMeasure(reported.mean),
    error: formatMeasure(reported.error),
    uncertainty: formatMeasure(reported.expandedUncertainty),
    tolerance: formatTolerance(point),
    passed: result.passed,
    coverage_factor: formatMeasure(reported.coverageFactor),
    effective_dof: budgetNumber(Math.floor(result.effectiveDof)),
    conformity: result.conformity,
    tur: Number.isFinite(result.tur) ? formatMeasure(result.tur.toFixed(1)) : '∞',
    budget: result.budget.map((line) => ({
      source: line.label,
      distribution: DISTRIBUTION_LABELS[line.distribution],
      value: budgetNumber(line.value),
      divisor: budgetNumber(line.divisor),
      sensitivity: budgetNumber(line.sensitivity),
      u: budgetNumber(line.u),
      dof: budgetNumber(line.dof),
    })),
  }
}

/** The statements ISO/IEC 17025 7.8 asks for; the decision rule is the one the points used. */
function statementsOf(points: WorksheetPoint[]) {
  const rules = [...new Set(points.map((point) => describeRule(specOf(point).decision!)))]
  return {
    traceability:
      'Hasil kalibrasi ini tertelusur ke Satuan Internasional (SI) melalui standar acuan yang ' +
      'tercantum, yang dikalibrasi oleh laboratorium kalibrasi terakreditasi dengan sertifikat ' +
      'yang masih berlaku pada tanggal kalibrasi.',
    uncertainty:
      'U = k · uc (daya ulang, standar acuan, resolusi alat); k dari distribusi t untuk derajat ' +
      'kebebasan efektif Welch–Satterthwaite, sekitar 95 % (JCGM 100:2008); anggaran terlampir.',
    decision:
      (rules.length ? rules.join(' ') : describeRule({ rule: 'simple' })) +
      ' Dinilai atas nilai yang dilaporkan; U melebihi toleransi tidak dapat memenuhi.',
    scope:
      'Hasil hanya berlaku untuk alat yang dikalibrasi pada kondisi saat kalibrasi. Sertifikat ' +
      'ini tidak boleh digandakan sebagian tanpa persetujuan tertulis laboratorium.',
  }
}
