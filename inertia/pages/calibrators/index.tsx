import type React from 'react'
import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { ListActions, RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import { cn } from '~/lib/cn'

type Calibrator = {
  id: number
  name: string
  merk: string | null
  type_model_category: string
  type_model: string | null
  serial_number: string
  channel_count: number
  bpfk_user: { id: number; name: string } | null
  unit: { id: number; name: string }
  calibrator_condition: string
  formatted_calibrator_condition: string
  is_available: boolean
  formatted_is_available: string
  next_calibration_date: string | null
  formatted_last_calibration_date: string
  formatted_next_calibration_date: string
}

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
  title,
  canEdit,
  units,
}: {
  title: string
  canEdit: boolean
  units: { id: number; name: string }[]
}) {
  const columns: Column<Calibrator>[] = [
    {
      key: 'name',
      header: 'Nama',
      filter: { type: 'text', placeholder: 'Nama' },
      cell: (c) => <span className="font-medium">{c.name}</span>,
    },
    { key: 'merk', header: 'Merk', filter: { type: 'text', placeholder: 'Merk' } },
    {
      key: 'type_model',
      header: 'Tipe/Model',
      filter: { key: 'model', type: 'text', placeholder: 'Model' },
    },
    {
      key: 'serial_number',
      header: 'Nomor Seri',
      filter: { type: 'text', placeholder: 'No. seri' },
      cell: (c) => <span className="font-mono text-xs">{c.serial_number}</span>,
    },
    { key: 'channel_count', header: 'Kanal', filter: { type: 'number', placeholder: 'Kanal' } },
    {
      key: 'unit',
      header: 'Unit',
      filter: {
        type: 'select',
        options: units.map((u) => ({ value: String(u.id), label: u.name })),
      },
      cell: (c) => c.unit.name,
    },
    {
      key: 'calibrator_condition',
      header: 'Kondisi',
      filter: {
        key: 'condition',
        type: 'select',
        options: [
          { value: 'Good', label: 'Baik' },
          { value: 'Bad', label: 'Tidak Baik' },
        ],
      },
      cell: (c) => (
        <Badge ok={c.calibrator_condition === 'Good'}>{c.formatted_calibrator_condition}</Badge>
      ),
    },
    {
      key: 'is_available',
      header: 'Status',
      filter: {
        key: 'status',
        type: 'select',
        options: [
          { value: '1', label: 'Tersedia' },
          { value: '0', label: 'Tidak Tersedia' },
        ],
      },
      cell: (c) => <Badge ok={c.is_available}>{c.formatted_is_available}</Badge>,
    },
  ]

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle="Kalibrator acuan milik tiap unit laboratorium."
        actions={canEdit && <ListActions path="/calibrator/data" addLabel="Tambah Kalibrator" />}
      />
      <DataTable<Calibrator>
        path="/calibrator/data"
        columns={columns}
        rowKey={(c) => c.id}
        renderDetail={(c) => (
          <DetailList
            rows={[
              ['Penanggung jawab', c.bpfk_user?.name],
              ['Kalibrasi terakhir', c.formatted_last_calibration_date],
              ['Kalibrasi berikutnya', c.formatted_next_calibration_date],
            ]}
          />
        )}
        renderCard={(c) => (
          <div>
            <p className="font-medium">{c.name}</p>
            <p className="text-sm text-slate-500">
              {[c.merk, c.type_model].filter(Boolean).join(' ')} · SN {c.serial_number}
            </p>
            <div className="mt-1 flex gap-2">
              <Badge ok={c.calibrator_condition === 'Good'}>
                {c.formatted_calibrator_condition}
              </Badge>
              <Badge ok={c.is_available}>{c.formatted_is_available}</Badge>
            </div>
          </div>
        )}
        actions={
          canEdit
            ? (c) => <RowLink href={`/calibrator/data/${c.id}/edit`}>Ubah</RowLink>
            : undefined
        }
      />
    </>
  )
}
