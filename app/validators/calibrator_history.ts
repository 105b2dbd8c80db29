import vine from '@vinejs/vine'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import { number } from '#validators/rules/number'
import { labelledMessages } from '#validators/labelled_messages'
import { labToday } from '#services/format'

/** A calibrator's own history (issue 15): its calibrations and out-of-tolerance findings. */

/** The fields as the two forms of the history page label them. */
export const CALIBRATION_LABELS = {
  'performed_on': 'Tanggal Kalibrasi',
  'due_on': 'Berlaku Sampai',
  'certificate_number': 'Nomor Sertifikat',
  'issuer': 'Lembaga Kalibrasi',
  'passed': 'Hasil',
  'notes': 'Catatan',
  'uncertainties': 'Ketidakpastian',
  'parameter': 'Parameter',
  'unit': 'Satuan',
  'expanded_uncertainty': 'Ketidakpastian (U)',
  'coverage_factor': 'Faktor cakupan (k)',
  'relative': 'U relatif (%)',
  'correction': 'Koreksi',
  'resolution': 'Resolusi standar',
  'uncertainties.*.parameter': 'Parameter',
  'uncertainties.*.unit': 'Satuan',
  'uncertainties.*.expanded_uncertainty': 'Ketidakpastian (U)',
  'uncertainties.*.coverage_factor': 'Faktor cakupan (k)',
  'uncertainties.*.relative': 'U relatif (%)',
  'uncertainties.*.correction': 'Koreksi',
  'uncertainties.*.resolution': 'Resolusi standar',
  'found_on': 'Tanggal Ditemukan',
  'reason': 'Alasan',
}

/** Messages of these forms that say more than the shared wording. */
const OWN_MESSAGES: Record<string, string> = {
  'performed_on.date.beforeOrEqual': 'Tanggal Kalibrasi tidak boleh setelah hari ini.',
  'found_on.date.beforeOrEqual': 'Tanggal Ditemukan tidak boleh setelah hari ini.',
  'uncertainties.*.expanded_uncertainty.min': 'Ketidakpastian (U) harus lebih dari 0.',
  'uncertainties.distinct': 'Parameter dengan satuan yang sama ditulis dua kali.',
}

const labelled = labelledMessages(CALIBRATION_LABELS)
const messages: MessagesProviderContact = {
  getMessage(rawMessage, rule, field, args) {
    return (
      OWN_MESSAGES[`${field.wildCardPath}.${rule}`] ??
      labelled.getMessage(rawMessage, rule, field, args)
    )
  },
}

const day = () => vine.date({ formats: ['YYYY-MM-DD'] })
const notAfterToday = () =>
  day().beforeOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' })
const text = (max: number) => vine.string().trim().maxLength(max)

/** POST /calibrator/data/:id/calibrations: Catat Kalibrasi. */
export const calibrationRecordValidator = vine.create({
  performed_on: notAfterToday(),
  due_on: day().afterField('performed_on', { compare: 'day' }),
  certificate_number: text(100).minLength(3),
  issuer: text(200).nullable().optional(),
  passed: vine.boolean(),
  notes: text(1000).nullable().optional(),
  uncertainties: vine
    .array(
      vine.object({
        parameter: text(100).minLength(1),
        unit: text(30).minLength(1),
        // Strictly above 0: min(0) would let 0 through, so the smallest step a certificate states.
        expanded_uncertainty: number().min(0.000001).max(1_000_000),
        // The k the certificate states (2 when it states none: EA-4/02's default).
        coverage_factor: number().min(1).max(20).optional(),
        // U stated in % of the value instead of the parameter's unit.
        relative: vine.boolean().optional(),
        // The correction at this parameter (reference value = nominal + correction), if stated.
        correction: number().min(-1_000_000).max(1_000_000).nullable().optional(),
        // The standard's own resolution at this parameter, if it matters.
        resolution: number().min(0).max(1_000_000).nullable().optional(),
      })
    )
    .maxLength(30)
    .distinct(['parameter', 'unit'])
    .optional(),
})
calibrationRecordValidator.messagesProvider = messages

/** POST /calibrator/data/:id/out-of-tolerance: Tandai Di Luar Toleransi. */
export const outOfToleranceValidator = vine.create({
  found_on: notAfterToday(),
  reason: text(1000).minLength(5),
})
outOfToleranceValidator.messagesProvider = messages
