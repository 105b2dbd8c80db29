import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { formatRupiah } from '~/lib/format'
import { lineTotal, quantityOf, type PricedItem, type Quantities } from '#shared/simulation_basket'
import { QuantityStepper } from '~/components/simulation/quantity_stepper'

/**
 * A lab's tariffs with a quantity for each. From 768 px a table; below it every row is a card
 * (name, tariff, then the quantity beside the line's total), so a phone never scrolls sideways.
 * One DOM for both widths.
 */
export function PriceTable({
  items,
  quantities,
  onQuantity,
  empty,
}: {
  items: PricedItem[]
  quantities: Quantities
  onQuantity: (id: number, quantity: number) => void
  /** Shown instead of the rows when there are none. */
  empty: ReactNode
}) {
  if (items.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {empty}
      </div>
    )

  return (
    <table className="w-full text-sm max-md:block">
      <thead className="bg-slate-50 text-left text-xs text-slate-500 uppercase max-md:hidden dark:bg-slate-800 dark:text-slate-400">
        <tr>
          <th className="px-3 py-2">Nama Alat</th>
          <th className="w-36 px-3 py-2 text-right">Tarif</th>
          <th className="w-44 px-3 py-2">Jumlah</th>
          <th className="w-40 px-3 py-2 text-right">Subtotal</th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-2 md:divide-y md:divide-slate-100 md:dark:divide-slate-800">
        {items.map((item) => {
          const quantity = quantityOf(quantities, item.id)
          return (
            <tr
              key={item.id}
              data-testid="price-row"
              className={cn(
                'max-md:grid max-md:grid-cols-[1fr_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:p-3',
                quantity > 0
                  ? 'bg-brand-50/70 max-md:border-brand-500/40 dark:bg-brand-800/20'
                  : 'max-md:border-slate-200 max-md:bg-white dark:max-md:border-slate-800 dark:max-md:bg-slate-900'
              )}
            >
              <td className="px-3 py-2 font-medium break-words text-slate-900 max-md:col-span-2 max-md:p-0 dark:text-slate-100">
                {item.name}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums max-md:col-span-2 max-md:p-0 max-md:text-left max-md:text-slate-600 dark:max-md:text-slate-400">
                {formatRupiah(item.price)}
                <span className="md:hidden"> / alat</span>
              </td>
              <td className="px-3 py-2 max-md:p-0 max-md:pt-1">
                <QuantityStepper
                  name={item.name}
                  value={quantity}
                  onChange={(next) => onQuantity(item.id, next)}
                />
              </td>
              <td
                className={cn(
                  'px-3 py-2 text-right whitespace-nowrap tabular-nums max-md:p-0 max-md:pt-1',
                  quantity > 0 ? 'font-semibold' : 'text-slate-400 dark:text-slate-500'
                )}
              >
                {quantity > 0 ? formatRupiah(lineTotal(item.price, quantity)) : '—'}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
