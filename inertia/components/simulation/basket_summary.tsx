import { Printer, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { formatRupiah } from '~/lib/format'
import type { LabGroup } from '~/components/simulation/lab_groups'

export const SUMMARY_ID = 'ringkasan-estimasi'

/**
 * The basket across every lab: the chosen devices per lab with its subtotal, the grand total,
 * and the two actions (print the estimate, empty the basket).
 */
export function BasketSummary({
  groups,
  total,
  quantity,
  onPrint,
  onClear,
}: {
  groups: LabGroup[]
  total: number
  quantity: number
  onPrint: () => void
  onClear: () => void
}) {
  const chosen = groups.filter((group) => group.lines.length > 0)
  return (
    <section
      id={SUMMARY_ID}
      aria-labelledby={`${SUMMARY_ID}-title`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id={`${SUMMARY_ID}-title`} className="font-semibold">
          Ringkasan Estimasi
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {quantity > 0
            ? `${quantity} unit alat dari semua laboratorium`
            : 'Belum ada alat dipilih'}
        </p>
      </div>

      {chosen.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          Isi jumlah alat pada daftar tarif untuk melihat estimasi biaya.
        </p>
      ) : (
        <div className="max-h-[50vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {chosen.map((group) => (
            <div
              key={group.key}
              className="space-y-1 px-4 py-3"
              data-testid={`summary-${group.key}`}
            >
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {group.label}
              </h3>
              <ul className="space-y-1 text-sm">
                {group.lines.map((line) => (
                  <li key={line.item.id} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {line.item.name}
                      <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
                        {line.quantity} × {formatRupiah(line.item.price)}
                      </span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatRupiah(line.total)}</span>
                  </li>
                ))}
              </ul>
              <p className="flex justify-between gap-3 pt-1 text-sm font-medium">
                <span>Subtotal {group.shortLabel}</span>
                <span className="tabular-nums" data-testid={`subtotal-${group.key}`}>
                  {formatRupiah(group.subtotal)}
                </span>
              </p>
            </div>
          ))}
        </div>
      )}

      <div className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-sm font-medium">Total Estimasi</span>
          <span
            className="text-lg font-bold text-brand-700 tabular-nums dark:text-brand-100"
            data-testid="grand-total"
          >
            {formatRupiah(total)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button className="flex-1 whitespace-nowrap" onClick={onPrint} disabled={quantity === 0}>
            <Printer className="size-4" /> Cetak Estimasi
          </Button>
          <Button
            variant="secondary"
            className="flex-1 whitespace-nowrap"
            onClick={onClear}
            disabled={quantity === 0}
          >
            <Trash2 className="size-4" /> Kosongkan
          </Button>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Estimasi, bukan tagihan. Belum termasuk biaya akomodasi dan perjalanan petugas untuk
          layanan di lokasi (insitu).
        </p>
      </div>
    </section>
  )
}
