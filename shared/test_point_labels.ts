/** A test point's fields as the test-point form labels them (its page and its validator). */
export const TEST_POINT_FIELD_LABELS = {
  parameter: 'Parameter',
  unit: 'Satuan',
  nominal: 'Nilai Nominal',
  tolerance: 'Toleransi (±)',
  tolerance_type: 'Jenis Toleransi (Satuan / %)',
  repeats: 'Jumlah Pengulangan',
  resolution: 'Resolusi Alat',
} as const
