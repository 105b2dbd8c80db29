/**
 * The review the lab records when it receives the devices (spec part 2: receive payload),
 * each a yes/no with the label the form, the proof and the messages show.
 */
export const RECEIVE_CHECKLIST = {
  review_request: 'Kaji ulang permintaan',
  officer_readiness: 'Kesiapan petugas',
  equipment_condition: 'Kondisi peralatan kalibrator',
  accommodation_and_environment: 'Akomodasi dan lingkungan',
  calibration_ability: 'Kemampuan kalibrasi',
  workload: 'Beban kerja',
  calibration_method_compatibility: 'Kesesuaian metode kalibrasi',
} as const

export type ReceiveCheck = keyof typeof RECEIVE_CHECKLIST
