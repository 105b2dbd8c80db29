import type { OrderType } from '#workflows/order_types'
import { useEffect, useState } from 'react'
import { X } from 'lucide-react'
import { Field, controlClass } from '~/components/ui/field'
import { useDebounced } from '~/lib/use_debounced'
import { requestJson } from '~/lib/json_request'

export type LinkedOrder = { id: number; number: string; fasyankes_name: string }

/** A searchable multi-select of orders of one type (by number or facility). */
export function OrderPicker({
  label,
  type,
  value,
  onChange,
  error,
}: {
  label: string
  type: OrderType
  value: LinkedOrder[]
  onChange: (orders: LinkedOrder[]) => void
  error?: string
}) {
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<LinkedOrder[]>([])
  const debounced = useDebounced(search, 300)
  useEffect(() => {
    if (!debounced.trim()) return
    let current = true
    requestJson<{ data: LinkedOrder[] }>(
      `/api/calibrator/loan/orders/${type}?${new URLSearchParams({ search: debounced })}`
    ).then((answer) => current && setFound(answer.ok ? answer.body.data : []))
    return () => {
      current = false
    }
  }, [debounced, type])
  const chosen = new Set(value.map((order) => order.id))
  // Nothing typed: nothing offered (the last answer is kept for when the text comes back).
  const offered = debounced.trim() ? found.filter((order) => !chosen.has(order.id)) : []
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <div className="space-y-2">
          {value.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {value.map((order) => (
                <li
                  key={order.id}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800"
                >
                  {order.number} · {order.fasyankes_name}
                  <button
                    type="button"
                    aria-label={`Hapus ${order.number}`}
                    onClick={() => onChange(value.filter((other) => other.id !== order.id))}
                  >
                    <X className="size-3" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            id={id}
            aria-describedby={describedBy}
            placeholder="Cari nomor order atau fasyankes"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={controlClass()}
          />
          {offered.length > 0 && (
            <ul className="max-h-48 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-700">
              {found
                .filter((order) => !chosen.has(order.id))
                .map((order) => (
                  <li key={order.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-1.5 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                      onClick={() => {
                        onChange([...value, order])
                        setSearch('')
                      }}
                    >
                      {order.number} · {order.fasyankes_name}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  )
}
