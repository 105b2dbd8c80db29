import { pendingModule } from '#start/route_kit'

/** The reports (spec part 2: service, yearly, alkes, berita acara, PNBP) and their JSON calls. */
pendingModule('/report/service', 'report.service', 'report.view', 'Laporan Layanan')
pendingModule('/report/yearly', 'report.yearly', 'report.view', 'Laporan Tahunan')
pendingModule('/report/alkes', 'report.alkes', 'report.view', 'Laporan Alkes')
