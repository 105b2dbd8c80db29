import type React from 'react'
import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import { RowLink } from '~/components/list_actions'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, selectColumn, textColumn } from '~/components/data_table/columns'
import { optionsOf } from '~/lib/options'
import { DetailList } from '~/components/detail_list'
import { cn } from '~/lib/cn'
import type { Data } from '#generated/data'

type Calibrator = Data.Lists.CalibratorRow

const CONDITIONS = [
  { value: 'Good', label: 'Baik' },
  { value: 'Bad', label: 'Tidak Baik' },
]
const AVAILABILITY = [
  { value: '1', label: 'Tersedia' },
  { value: '0', label: 'Tidak Tersedia' },
]

function Badge({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
        ok
          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
          : 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200'
      )}
    >
      {children}
    </span>
  )
}

export default function CalibratorIndex({
  units,
  canViewHistory,
  ...page
}: RegisterPageProps & { units: { id: number; name: string }[]; canViewHistory: boolean }) {
  // Editors find it among the row's actions; readers in the row's detail and card.
  const historyLink = (c: Calibrator) =>
    canViewHistory ? <RowLink href={c.history_href}>Riwayat Kalibrasi</RowLink> : null
  const readerLink = (c: Calibrator) => (page.canEdit ? null : historyLink(c))

  const columns: Column<Calibrator>[] = [
    textColumn('name', 'Nama', 'Nama', {
      cell: (c) => <span className="font-medium">{c.name}</span>,
    }),
    textColumn('merk', 'Merk', 'Merk'),
    textColumn('type_model', 'Tipe/Model', 'Model', { filterKey: 'model' }),
    textColumn('serial_number', 'Nomor Seri', 'No. seri', {
      cell: (c) => <span className="font-mono text-xs">{c.serial_number}</span>,
    }),
    { key: 'channel_count', header: 'Kanal', filter: { type: 'number', placeholder: 'Kanal' } },
    selectColumn('unit', 'Unit', optionsOf(units), { cell: (c) => c.unit.name }),
    selectColumn('calibrator_condition', 'Kondisi', CONDITIONS, {
      filterKey: 'condition',
      cell: (c) => (
        <Badge ok={c.calibrator_condition === 'Good'}>{c.formatted_calibrator_condition}</Badge>
      ),
    }),
    selectColumn('is_available', 'Status', AVAILABILITY, {
      filterKey: 'status',
      cell: (c) => <Badge ok={c.is_available}>{c.formatted_is_available}</Badge>,
    }),
  ]

  return (
    <MasterListPage<Calibrator>
      {...page}
      columns={columns}
      rowLinks={historyLink}
      renderDetail={(c) => (
        <>
          <DetailList
            rows={[
              ['Penanggung jawab', c.bpfk_user?.name],
              ['Kalibrasi terakhir', c.formatted_last_calibration_date],
              ['Kalibrasi berikutnya', c.formatted_next_calibration_date],
            ]}
          />
          {readerLink(c) && <div className="mt-2">{readerLink(c)}</div>}
        </>
      )}
      renderCard={(c) => (
        <RowCard
          title={c.name}
          subtitle={`${[c.merk, c.type_model].filter(Boolean).join(' ')} · SN ${c.serial_number}`}
        >
          <div className="flex gap-2">
            <Badge ok={c.calibrator_condition === 'Good'}>{c.formatted_calibrator_condition}</Badge>
            <Badge ok={c.is_available}>{c.formatted_is_available}</Badge>
          </div>
          {readerLink(c) && <div className="mt-2">{readerLink(c)}</div>}
        </RowCard>
      )}
    />
  )
}
