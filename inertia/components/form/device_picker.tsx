import { useMemo, useState } from 'react'
import { controlClass } from '~/components/ui/field'
import { SimpleTable } from '~/components/ui/simple_table'
import { SearchInput } from '~/components/ui/search_input'
import { cn } from '~/lib/cn'
import { formatRupiah, toNonNegativeInt } from '~/lib/format'

export type DeviceOption = {
  id: number
  name: string
  price: number
  minute_estimation: number
  laboratory: string
  category: string | null
}

export type PickedLine = {
  quantity: number
  description: string
}

/** The devices a picker offers, the lines picked so far, and where changes go. */
export type PickerProps = {
  devices: DeviceOption[]
  lines: Record<number, PickedLine>
  onChange: (lines: Record<number, PickedLine>) => void
}

/**
 * The device list of an order form: search, hide-zero toggle, a quantity
 * (min 0; anything non-numeric becomes 0) and a note per device.
 */
export function DevicePicker({
  devices,
  lines,
  onChange,
  error,
}: PickerProps & { error?: string }) {
  const [search, setSearch] = useState('')
  const [hideZero, setHideZero] = useState(false)
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase()
    return devices.filter(
      (device) =>
        (!term || device.name.toLowerCase().includes(term)) &&
        (!hideZero || (lines[device.id]?.quantity ?? 0) > 0)
    )
  }, [devices, search, hideZero, lines])

  const update = (id: number, patch: Partial<PickedLine>) =>
    onChange({ ...lines, [id]: { ...(lines[id] ?? { quantity: 0, description: '' }), ...patch } })

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label="Cari alat"
          placeholder="Cari alat..."
          value={search}
          onChange={setSearch}
        />
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={hideZero}
            onChange={(e) => setHideZero(e.target.checked)}
            className="size-4"
          />
          Sembunyikan jumlah 0
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <SimpleTable
        className="max-h-[28rem] overflow-y-auto rounded-md border border-slate-200 dark:border-slate-800"
        stickyHeader
        rows={shown}
        rowClassName={(device) =>
          lines[device.id]?.quantity ? 'bg-brand-50/60 dark:bg-brand-800/10' : undefined
        }
        columns={[
          {
            header: 'Alat',
            cell: (device) => (
              <div className="max-sm:text-left">
                <p className="font-medium">{device.name}</p>
                <p className="text-xs text-slate-500">
                  {device.laboratory}
                  {device.category ? ` · ${device.category}` : ''} · {device.minute_estimation}{' '}
                  menit
                </p>
              </div>
            ),
          },
          {
            header: 'Tarif',
            className: 'whitespace-nowrap',
            cell: (device) => formatRupiah(device.price),
          },
          {
            header: 'Jumlah',
            className: 'sm:w-24',
            cell: (device) => (
              <input
                type="number"
                min={0}
                max={100}
                aria-label={`Jumlah ${device.name}`}
                value={lines[device.id]?.quantity ?? 0}
                onChange={(e) => update(device.id, { quantity: toNonNegativeInt(e.target.value) })}
                className={cn(controlClass(), 'py-1 max-sm:w-24')}
              />
            ),
          },
          {
            header: 'Keterangan',
            cell: (device) => (
              <input
                type="text"
                aria-label={`Keterangan ${device.name}`}
                maxLength={500}
                value={lines[device.id]?.description ?? ''}
                onChange={(e) => update(device.id, { description: e.target.value })}
                className={cn(controlClass(), 'py-1 max-sm:w-48')}
              />
            ),
          },
        ]}
      />
    </div>
  )
}

/** Only lines with a quantity above 0 are sent (spec part 2, section 5). */
export function pickedPayload(lines: Record<number, PickedLine>) {
  return Object.entries(lines)
    .filter(([, line]) => line.quantity > 0)
    .map(([id, line]) => ({
      alkes_id: Number(id),
      quantity: line.quantity,
      description: line.description,
    }))
}
