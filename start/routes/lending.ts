import { pendingModule } from '#start/route_kit'

/** Calibrator lending and stock monitoring (spec part 1); their screens come with the lending issue. */
pendingModule(
  '/calibrator/stock',
  'calibrator.stock',
  'calibrator.view',
  'Monitoring Stok Kalibrator'
)
pendingModule('/calibrator/loan', 'calibrator.loan', 'calibrator.view', 'Peminjaman Kalibrator')
