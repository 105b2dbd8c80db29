/**
 * Actions every order type's workflow defines, because the shared order
 * features (device lines, worksheets, files, feedback) ask the order's own
 * workflow whether the user may take them now. Their timeline texts are the
 * same for every type.
 */
export const SHARED_TIMELINE = {
  append: 'Permintaan alat ditambah',
  delete_device: 'Alat dihapus dari permintaan',
  cancel_device: 'Uji alat dibatalkan',
  worksheet: 'Lembar kerja disimpan',
  worksheet_upload: 'Berkas lembar kerja diunggah',
  attachment: (change: Record<string, unknown>) =>
    change.type === 'result' ? 'Hasil diunggah' : 'Sertifikat diunggah',
  folder: 'Tautan folder disimpan',
  certificate_date: 'Tanggal sertifikat disimpan',
  feedback: 'Umpan balik diisi',
} as const

export type SharedOrderAction = keyof typeof SHARED_TIMELINE | 'worksheets' | 'files'
