/** Fixed choices of the master-data forms (spec part 1, sections 3 and 9). */
export const ALKES_LABORATORIES = ['PK', 'UKPR', 'SARPRAS'] as const
export type AlkesLaboratory = (typeof ALKES_LABORATORIES)[number]

export const LABORATORY_LABELS: Record<AlkesLaboratory, string> = {
  PK: 'Pengujian dan Kalibrasi (PK)',
  UKPR: 'Uji Kesesuaian dan Proteksi Radiasi (UKPR)',
  SARPRAS: 'Sarana dan Prasarana (Sarpras)',
}

export const UNIT_NAMES = ['PK', 'UKPR', 'SARPRAS', 'PDP'] as const

export const CALIBRATOR_CONDITIONS = ['Good', 'Bad'] as const
export type CalibratorCondition = (typeof CALIBRATOR_CONDITIONS)[number]
export const CONDITION_LABELS: Record<CalibratorCondition, string> = {
  Good: 'Baik',
  Bad: 'Tidak Baik',
}

export const TYPE_MODEL_CATEGORIES = ['Tipe', 'Model'] as const

export const DEFAULT_RECALIBRATION_MONTHS = 12
