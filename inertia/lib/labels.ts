/** How a list's total was found: counted up to a limit, or estimated from a sample. */
export interface TotalKind {
  capped?: boolean
  estimated?: boolean
}

/** "57", "lebih dari 10.000" or "sekitar 81.000". */
function totalText(total: number, { capped, estimated }: TotalKind) {
  if (capped) return `lebih dari ${total.toLocaleString('id-ID')}`
  if (estimated) return `sekitar ${total.toLocaleString('id-ID')}`
  return String(total)
}

/** Shared Indonesian copy used by more than one screen. */
export const LABELS = {
  appName: 'Kalibra',
  appTagline: 'Sistem Informasi Layanan Kalibrasi dan Pengujian Alat Kesehatan',
  footer: '2023-2025',
  emptyTable: 'Data Masih Kosong',
  tableError: 'Error loading data. Please try again.',
  search: 'Cari...',
  save: 'Simpan',
  saving: 'Menyimpan...',
  saved: 'Tersimpan',
  cancel: 'Batal',
  back: 'Kembali',
  actions: 'Aksi',
  export: 'Ekspor',
  exportPdf: 'Cetak PDF',
  exportExcel: 'Unduh Excel',
  rowsPerPage: 'Baris per halaman',
  showing: (from: number, to: number, total: number, how: TotalKind = {}) =>
    `Menampilkan ${from}-${to} dari ${totalText(total, how)} data`,
  filters: 'Filter',
  resetFilters: 'Hapus filter',
  columnFilters: 'Filter kolom',
  details: 'Detail',
  themeDark: 'Mode gelap',
  themeLight: 'Mode terang',
} as const
