import { Fragment, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronRight,
  RotateCcw,
  SlidersHorizontal,
} from 'lucide-react'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { controlClass } from '~/components/ui/field'
import { SearchInput } from '~/components/ui/search_input'
import { ExportMenu, type ExtraExport } from '~/components/data_table/export_menu'
import { Pager } from '~/components/data_table/pager'
import { toQueryString, useTableQuery } from '~/components/data_table/use_table_query'
import { cn } from '~/lib/cn'
import { LABELS } from '~/lib/labels'

export const PAGE_SIZES = [5, 10, 20, 50, 100]
const SKELETON_ROWS = 10
const NO_SORTS: string[] = []

export type ColumnFilter = {
  /** Query parameter name; the column key by default. */
  key?: string
  type: 'text' | 'select' | 'number' | 'month'
  placeholder?: string
  options?: { value: string; label: string }[]
}

export type Column<Row> = {
  key: string
  header: string
  cell?: (row: Row) => ReactNode
  /** A filter input for this column; its value is sent under the column key. */
  filter?: ColumnFilter
  /** Left out (the server decides who sees which column). */
  hidden?: boolean
  className?: string
}

export type DataTableProps<Row> = {
  /** The list page path: data comes from `{path}/datatable`, exports from `{path}/print/…`. */
  path: string
  columns: Column<Row>[]
  /** Each row's key (expanded rows, cards); by default its `id`. */
  rowKey?: (row: Row) => string | number
  defaultLimit?: number
  actions?: (row: Row) => ReactNode
  /** Extra detail shown when a row is expanded. */
  renderDetail?: (row: Row) => ReactNode
  /** Layout below 768 px; without it the table scrolls sideways. */
  renderCard?: (row: Row) => ReactNode
  toolbar?: ReactNode
  /** Column keys the server can sort by (its list definition's `sorts`). */
  sortable?: string[]
  /** A line of totals under the rows, from the JSON's `summary` (every matching row). */
  footer?: (summary: Record<string, number>) => ReactNode
  /** Filters the page sets itself (a report's period), sent with the rows and the exports. */
  params?: Record<string, string>
  /** The list's own print pages beside PDF and Excel (`{path}/print/{key}`, same filters). */
  extraExports?: ExtraExport[]
}

export function DataTable<Row>({
  path,
  columns,
  rowKey = (row) => (row as { id: number }).id,
  defaultLimit = 20,
  actions,
  renderDetail,
  renderCard,
  toolbar,
  sortable: sortableKeys = NO_SORTS,
  footer,
  params,
  extraExports,
}: DataTableProps<Row>) {
  const visibleColumns = useMemo(() => columns.filter((column) => !column.hidden), [columns])
  const filterKeys = visibleColumns.filter((c) => c.filter).map(filterKeyOf)
  const {
    state,
    effective,
    extra,
    query,
    actions: table,
  } = useTableQuery<Row>(`${path}/datatable`, defaultLimit, filterKeys, params)
  const [expanded, setExpanded] = useState<Record<string, boolean>>({})
  // Open from the start when the address already carries a column filter.
  const [phoneFiltersOpen, setPhoneFiltersOpen] = useState(() =>
    Object.values(state.filters).some(Boolean)
  )
  const phoneFiltersId = useId()
  const result = query.data

  useEffect(() => {
    if (result && result.current_page !== state.page) table.setPage(result.current_page)
  }, [result?.current_page])

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () => [
      ...visibleColumns.map<ColumnDef<Row>>((column) => ({
        id: column.key,
        header: column.header,
        cell: ({ row }) =>
          column.cell?.(row.original) ?? String((row.original as any)[column.key] ?? '-'),
        meta: column,
      })),
      ...(actions
        ? [
            {
              id: '__actions',
              header: LABELS.actions,
              cell: ({ row }) => actions(row.original),
            } satisfies ColumnDef<Row>,
          ]
        : []),
    ],
    [visibleColumns, actions]
  )

  const rows = result?.data ?? []
  const sortable = useMemo(() => new Set(sortableKeys), [sortableKeys])
  const tableModel = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  })
  const span = columnDefs.length + (renderDetail ? 1 : 0)
  const loading = query.isPending
  const failed = query.isError && !result
  const exportQuery = [toQueryString(effective, { includePage: false }), extra]
    .filter(Boolean)
    .join('&')
  const hasFilters = state.search !== '' || Object.values(state.filters).some(Boolean)
  const activeColumnFilters = filterKeys.filter((key) => state.filters[key]).length

  const toggle = (key: string) => setExpanded((current) => ({ ...current, [key]: !current[key] }))

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <SearchInput
          label="Cari"
          placeholder={LABELS.search}
          value={state.search}
          onChange={table.setSearch}
          className="sm:max-w-xs"
        />
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
          {LABELS.rowsPerPage}
          <select
            aria-label={LABELS.rowsPerPage}
            value={state.limit}
            onChange={(e) => table.setLimit(Number(e.target.value))}
            className={cn(controlClass(), 'w-20')}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {hasFilters && (
          <Button variant="ghost" onClick={table.reset}>
            <RotateCcw className="size-4" /> {LABELS.resetFilters}
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2">
          {toolbar}
          <ExportMenu base={`${path}/print`} queryString={exportQuery} extra={extraExports} />
        </div>
      </div>

      {filterKeys.length > 0 && (
        // On a phone the column filters fold into a panel under one button, open while any is set.
        <div className="border-b border-slate-200 md:hidden dark:border-slate-800">
          <button
            type="button"
            aria-expanded={phoneFiltersOpen}
            aria-controls={phoneFiltersId}
            onClick={() => setPhoneFiltersOpen(!phoneFiltersOpen)}
            className="flex w-full items-center gap-2 px-3 py-2 text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            <SlidersHorizontal className="size-4" />
            {LABELS.columnFilters}
            {activeColumnFilters > 0 && (
              <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800 dark:bg-brand-800 dark:text-brand-50">
                {activeColumnFilters} aktif
              </span>
            )}
            <ChevronRight
              className={cn('ml-auto size-4 transition-transform', phoneFiltersOpen && 'rotate-90')}
            />
          </button>
          {phoneFiltersOpen && (
            <div id={phoneFiltersId} className="grid gap-2 px-3 pb-3 sm:grid-cols-2">
              {visibleColumns
                .filter((c) => c.filter)
                .map((column) => (
                  // Each filter shows its column's name above it, not only as a placeholder.
                  <div key={column.key} className="space-y-1">
                    <span aria-hidden="true" className="block text-xs text-slate-500">
                      {column.header}
                    </span>
                    <FilterInput
                      column={column}
                      value={state.filters[filterKeyOf(column)] ?? ''}
                      onChange={(v) => table.setFilter(filterKeyOf(column), v)}
                    />
                  </div>
                ))}
            </div>
          )}
        </div>
      )}

      <div className={cn(renderCard ? 'hidden md:block' : 'block', 'overflow-x-auto')}>
        <table className="w-full text-left text-sm" data-testid="data-table">
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
            {tableModel.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {renderDetail && (
                  <th className="w-10 px-3 py-2">
                    <span className="sr-only">{LABELS.details}</span>
                  </th>
                )}
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext())
                  const sorted = state.sort?.key === header.id ? state.sort.dir : null
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold"
                      aria-sort={
                        sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {sortable.has(header.id) ? (
                        <button
                          type="button"
                          onClick={() => table.toggleSort(header.id)}
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-800 dark:hover:text-slate-200"
                          title="Urutkan"
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3 opacity-40" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
            {filterKeys.length > 0 && (
              <tr>
                {renderDetail && <th />}
                {visibleColumns.map((column) => (
                  <th key={column.key} className="px-3 pb-2 font-normal normal-case">
                    {column.filter && (
                      <FilterInput
                        column={column}
                        value={state.filters[filterKeyOf(column)] ?? ''}
                        onChange={(v) => table.setFilter(filterKeyOf(column), v)}
                        compact
                      />
                    )}
                  </th>
                ))}
                {actions && <th />}
              </tr>
            )}
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} data-testid="skeleton-row">
                  {Array.from({ length: span }, (_cell, cell) => (
                    <td key={cell} className="px-3 py-3">
                      <div className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                    </td>
                  ))}
                </tr>
              ))}
            {failed && (
              <tr>
                <td colSpan={span} className="px-3 py-10 text-center">
                  <ErrorMessage onRetry={() => query.refetch()} />
                </td>
              </tr>
            )}
            {!loading && !failed && rows.length === 0 && (
              <tr>
                <td colSpan={span} className="px-3 py-10 text-center text-slate-500">
                  {LABELS.emptyTable}
                </td>
              </tr>
            )}
            {tableModel.getRowModel().rows.map((row) => {
              const key = String(rowKey(row.original))
              const open = !!expanded[key]
              return (
                <Fragment key={key}>
                  <tr
                    className={cn(
                      'hover:bg-slate-50 dark:hover:bg-slate-800/40',
                      query.isPlaceholderData && 'opacity-60'
                    )}
                  >
                    {renderDetail && (
                      <td className="px-3 py-2">
                        <button
                          type="button"
                          onClick={() => toggle(key)}
                          aria-expanded={open}
                          aria-label={open ? 'Tutup detail' : 'Lihat detail'}
                          className="rounded p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                        >
                          <ChevronRight
                            className={cn('size-4 transition-transform', open && 'rotate-90')}
                          />
                        </button>
                      </td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-3 py-2 align-top">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                  {renderDetail && open && (
                    <tr className="bg-slate-50 dark:bg-slate-800/30" data-testid="row-detail">
                      <td colSpan={span} className="px-6 py-3">
                        {renderDetail(row.original)}
                      </td>
                    </tr>
                  )}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>

      {renderCard && (
        <div
          className="divide-y divide-slate-100 md:hidden dark:divide-slate-800"
          data-testid="card-list"
        >
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <div key={index} className="space-y-2 p-4" data-testid="skeleton-card">
                <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
              </div>
            ))}
          {failed && (
            <div className="p-6 text-center">
              <ErrorMessage onRetry={() => query.refetch()} />
            </div>
          )}
          {!loading && !failed && rows.length === 0 && (
            <p className="p-6 text-center text-slate-500">{LABELS.emptyTable}</p>
          )}
          {rows.map((row) => (
            <div key={rowKey(row)} className="p-4" data-testid="card">
              {renderCard(row)}
              {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div>}
            </div>
          ))}
        </div>
      )}

      {footer && result?.summary && result.total > 0 && (
        <div
          className="border-t border-slate-200 bg-slate-50 p-3 text-sm font-semibold dark:border-slate-800 dark:bg-slate-900"
          data-testid="table-footer"
        >
          {footer(result.summary)}
        </div>
      )}

      {result && result.total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <span>
            {LABELS.showing(result.from ?? 0, result.to ?? 0, result.total, {
              capped: result.total_capped,
              estimated: result.total_estimated,
            })}
          </span>
          <Pager links={result.links} onPage={table.setPage} />
        </div>
      )}
    </Card>
  )
}

function filterKeyOf<Row>(column: Column<Row>) {
  return column.filter?.key ?? column.key
}

function ErrorMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-2">
      <p className="text-red-600 dark:text-red-400">{LABELS.tableError}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCcw className="size-4" /> Muat ulang
      </Button>
    </div>
  )
}

function FilterInput<Row>({
  column,
  value,
  onChange,
  compact,
}: {
  column: Column<Row>
  value: string
  onChange: (value: string) => void
  compact?: boolean
}) {
  const label = `Filter ${column.header}`
  // A select in the header row stays wide enough to read its options.
  const className = cn(
    controlClass(),
    compact && 'py-1 text-xs',
    compact && column.filter?.type === 'select' && 'min-w-32'
  )
  if (column.filter?.type === 'select') {
    return (
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={className}
      >
        <option value="">Semua</option>
        {column.filter.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    )
  }
  return (
    <input
      type={
        column.filter?.type === 'number' || column.filter?.type === 'month'
          ? column.filter.type
          : 'text'
      }
      min={column.filter?.type === 'number' ? 0 : undefined}
      aria-label={label}
      placeholder={column.filter?.placeholder ?? column.header}
      value={value}
      maxLength={100}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    />
  )
}
