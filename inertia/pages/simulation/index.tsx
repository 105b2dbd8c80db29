import { useMemo, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { Head } from '@inertiajs/react'
import type { Data } from '#generated/data'
import { SearchInput } from '~/components/ui/search_input'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { formatRupiah } from '~/lib/format'
import {
  basketSummary,
  filterByName,
  withQuantity,
  type Quantities,
} from '#shared/simulation_basket'
import { LabTabs, PANEL_ID, tabId } from '~/components/simulation/lab_tabs'
import { PriceTable } from '~/components/simulation/price_table'
import { BasketSummary, SUMMARY_ID } from '~/components/simulation/basket_summary'
import { PrintableEstimate } from '~/components/simulation/printable_estimate'
import { SimulationShell } from '~/components/simulation/simulation_shell'
import type { LabGroup } from '~/components/simulation/lab_groups'

type Props = { labName: string; tabs: Data.SimulationTab[] }

/**
 * The public tariff simulation (spec part 2: "Simulasi Alat", tabs pk, ukpr, sarpras). The
 * basket keeps its quantities across tabs; the total counts every lab. Nothing is sent back.
 */
export default function Simulation({ labName, tabs }: Props) {
  const [active, setActive] = useState<string>(tabs[0]?.key ?? 'pk')
  const [search, setSearch] = useState('')
  const [quantities, setQuantities] = useState<Quantities>({})
  const [confirmClear, setConfirmClear] = useState(false)
  const [printedAt, setPrintedAt] = useState(() => new Date())

  const summary = useMemo(() => basketSummary(tabs, quantities), [tabs, quantities])
  const groups: LabGroup[] = summary.groups.map((group, index) => ({
    ...group,
    label: tabs[index].label,
    shortLabel: tabs[index].shortLabel,
  }))

  const tab = tabs.find((candidate) => candidate.key === active) ?? tabs[0]
  const group = groups.find((candidate) => candidate.key === tab?.key)
  const shown = tab ? filterByName(tab.items, search) : []

  const setQuantity = (id: number, quantity: number) =>
    setQuantities((current) => withQuantity(current, id, quantity))

  const print = () => {
    // The date on the paper is the moment of printing.
    flushSync(() => setPrintedAt(new Date()))
    window.print()
  }

  return (
    <>
      <Head title="Simulasi Alat" />
      <div className="print:hidden">
        <div className="mb-5">
          <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-100">
            Simulasi Tarif
          </p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">Simulasi Alat</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
            Pilih jenis alat dan jumlahnya untuk memperkirakan biaya layanan {labName}. Jumlah yang
            dipilih tetap tersimpan saat berpindah tab.
          </p>
        </div>

        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm md:p-4 dark:border-slate-800 dark:bg-slate-900">
            <LabTabs
              tabs={tabs.map((item, index) => ({
                key: item.key,
                label: item.label,
                shortLabel: item.shortLabel,
                chosen: summary.groups[index].quantity,
              }))}
              active={tab?.key ?? ''}
              onSelect={setActive}
            />
            {tab && (
              <div
                id={PANEL_ID}
                role="tabpanel"
                aria-labelledby={tabId(tab.key)}
                className="space-y-3"
              >
                <h2 className="text-base font-semibold md:sr-only">{tab.label}</h2>
                {tab.items.length > 0 && (
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <SearchInput
                      label="Cari alat"
                      placeholder={`Cari nama alat ${tab.shortLabel}...`}
                      value={search}
                      onChange={setSearch}
                    />
                    <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
                      {shown.length === tab.items.length
                        ? `${tab.items.length} jenis alat`
                        : `${shown.length} dari ${tab.items.length} jenis alat`}
                    </p>
                  </div>
                )}
                <PriceTable
                  items={shown}
                  quantities={quantities}
                  onQuantity={setQuantity}
                  empty={
                    tab.items.length === 0 ? (
                      <>Belum ada daftar tarif alat untuk laboratorium {tab.shortLabel}.</>
                    ) : (
                      <EmptySearch
                        lab={tab.shortLabel}
                        search={search}
                        onReset={() => setSearch('')}
                      />
                    )
                  }
                />
                {group && (
                  <p className="flex justify-between gap-3 border-t border-slate-200 pt-3 text-sm font-medium dark:border-slate-800">
                    <span>
                      Subtotal {tab.shortLabel}
                      <span className="font-normal text-slate-500 dark:text-slate-400">
                        {' '}
                        ({group.quantity} unit)
                      </span>
                    </span>
                    <span className="tabular-nums" data-testid="tab-subtotal">
                      {formatRupiah(group.subtotal)}
                    </span>
                  </p>
                )}
              </div>
            )}
          </section>

          <div className="lg:sticky lg:top-20">
            <BasketSummary
              groups={groups}
              total={summary.total}
              quantity={summary.quantity}
              onPrint={print}
              onClear={() => setConfirmClear(true)}
            />
          </div>
        </div>

        <MobileTotal total={summary.total} quantity={summary.quantity} />
      </div>

      <PrintableEstimate
        labName={labName}
        groups={groups}
        total={summary.total}
        printedAt={printedAt}
      />

      <ConfirmDialog
        open={confirmClear}
        message="Kosongkan semua jumlah alat pada simulasi ini? Pilihan di semua laboratorium akan dihapus."
        confirmLabel="Ya, kosongkan"
        onConfirm={() => {
          setQuantities({})
          setConfirmClear(false)
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </>
  )
}

function EmptySearch({
  lab,
  search,
  onReset,
}: {
  lab: string
  search: string
  onReset: () => void
}) {
  return (
    <span className="flex flex-col items-center gap-2">
      Tidak ada alat {lab} yang cocok dengan &ldquo;{search.trim()}&rdquo;.
      <Button variant="secondary" onClick={onReset}>
        Hapus pencarian
      </Button>
    </span>
  )
}

/** On a phone the summary is far below the list: the total stays in view at the bottom. */
function MobileTotal({ total, quantity }: { total: number; quantity: number }) {
  if (quantity === 0) return null
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            Total estimasi ({quantity} unit)
          </span>
          <span className="font-bold text-brand-700 tabular-nums dark:text-brand-100">
            {formatRupiah(total)}
          </span>
        </p>
        <a
          href={`#${SUMMARY_ID}`}
          className="shrink-0 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          Lihat ringkasan
        </a>
      </div>
    </div>
  )
}

Simulation.layout = (page: ReactNode) => <SimulationShell>{page}</SimulationShell>
