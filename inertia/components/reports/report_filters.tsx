import { useState, type FormEvent } from 'react'
import { Filter } from 'lucide-react'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { SelectField, TextField } from '~/components/ui/field'
import type { ReportParams } from '~/components/reports/use_report'

type Option = { value: string; label: string }

/** What the server offers a report page's filter form (app/queries/reports/report_options.ts). */
export type ReportOptions = {
  defaults: Record<
    'start_date' | 'end_date' | 'order_type' | 'province' | 'calculation_type',
    string
  >
  orderTypes: Option[]
  calculationTypes: Option[]
  provinces: Option[]
}

type FilterKey = keyof ReportOptions['defaults']

/** The filters shown in the address bar, so a report can be bookmarked and shared. */
function fromAddress(keys: FilterKey[], defaults: ReportOptions['defaults']): ReportParams {
  const address = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search)
  return Object.fromEntries(keys.map((key) => [key, address.get(key) || defaults[key]]))
}

/** The applied filters of a report page, and their form. */
export function useReportFilters(options: ReportOptions, keys: FilterKey[]) {
  const [applied, setApplied] = useState<ReportParams>(() => fromAddress(keys, options.defaults))
  const apply = (params: ReportParams) => {
    setApplied(params)
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}?${new URLSearchParams(params)}`
    )
  }
  return { applied, apply }
}

const LABELS: Record<FilterKey, string> = {
  start_date: 'Tanggal Mulai',
  end_date: 'Tanggal Akhir',
  order_type: 'Jenis Order',
  province: 'Provinsi',
  calculation_type: 'Jenis Perhitungan',
}

/** The filter form (spec: start date, end date, order type, … and a Filter button). */
export function ReportFilterForm({
  options,
  keys,
  applied,
  onApply,
}: {
  options: ReportOptions
  keys: FilterKey[]
  applied: ReportParams
  onApply: (params: ReportParams) => void
}) {
  const [draft, setDraft] = useState(applied)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.start_date && draft.end_date && draft.end_date < draft.start_date) {
      setError('Tanggal Akhir tidak boleh sebelum Tanggal Mulai.')
      return
    }
    setError(null)
    onApply(draft)
  }
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }))
  const choices: Partial<Record<FilterKey, Option[]>> = {
    order_type: options.orderTypes,
    province: options.provinces,
    calculation_type: options.calculationTypes,
  }
  return (
    <Card className="mb-4">
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:items-end"
      >
        {keys.map((key) =>
          key === 'start_date' || key === 'end_date' ? (
            <TextField
              key={key}
              type="date"
              label={LABELS[key]}
              value={draft[key] ?? ''}
              onChange={set(key)}
              error={key === 'end_date' ? (error ?? undefined) : undefined}
              required
            />
          ) : (
            <SelectField
              key={key}
              label={LABELS[key]}
              value={draft[key] ?? ''}
              onChange={set(key)}
              options={choices[key] ?? []}
            />
          )
        )}
        <div>
          <Button type="submit" className="w-full lg:w-auto">
            <Filter className="size-4" /> Filter
          </Button>
        </div>
      </form>
    </Card>
  )
}
