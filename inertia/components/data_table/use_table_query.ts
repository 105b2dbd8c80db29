import { useEffect, useMemo, useRef, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDebounced } from '~/lib/use_debounced'
import type { Paginated } from '#lists/types'

/** A page of rows as the list's `/datatable` route answers it (app/lists/datatable.ts). */
export type { PageLink, Paginated } from '#lists/types'

export type TableSort = { key: string; dir: 'asc' | 'desc' }

export type TableState = {
  search: string
  limit: number
  page: number
  filters: Record<string, string>
  /** null: the list's own order. */
  sort: TableSort | null
}

const RESERVED = new Set(['search', 'limit', 'page', 'sort', 'dir'])
const NO_PARAMS: Record<string, string> = {}

/** Reads the table state from the address bar, so a filtered list can be bookmarked and reloaded. */
function stateFromUrl(defaultLimit: number, filterKeys: string[]): TableState {
  const params = new URLSearchParams(window.location.search)
  const filters: Record<string, string> = {}
  for (const key of filterKeys) {
    const value = params.get(key)
    if (value) filters[key] = value
  }
  const limit = Number(params.get('limit'))
  const page = Number(params.get('page'))
  const sortKey = params.get('sort')
  return {
    sort: sortKey ? { key: sortKey, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : null,
    search: params.get('search') ?? '',
    limit: [5, 10, 20, 50, 100].includes(limit) ? limit : defaultLimit,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    filters,
  }
}

export function toQueryString(state: TableState, options: { includePage: boolean }) {
  const params = new URLSearchParams()
  if (state.search.trim()) params.set('search', state.search.trim())
  for (const [key, value] of Object.entries(state.filters)) {
    if (value && !RESERVED.has(key)) params.set(key, value)
  }
  if (state.sort) {
    params.set('sort', state.sort.key)
    params.set('dir', state.sort.dir)
  }
  params.set('limit', String(state.limit))
  if (options.includePage) params.set('page', String(state.page))
  return params.toString()
}

/**
 * State and data of a server-side table: search, page size, page and column
 * filters go to `{endpoint}?…` and back into the address bar.
 */
export function useTableQuery<Row>(
  endpoint: string,
  defaultLimit: number,
  filterKeys: string[],
  params: Record<string, string> = NO_PARAMS
) {
  const [state, setState] = useState<TableState>(() =>
    typeof window === 'undefined'
      ? { search: '', limit: defaultLimit, page: 1, filters: {}, sort: null }
      : stateFromUrl(defaultLimit, filterKeys)
  )
  const debouncedSearch = useDebounced(state.search, 400)
  const debouncedFilters = useDebounced(state.filters, 400)
  const effective = useMemo(
    () => ({ ...state, search: debouncedSearch, filters: debouncedFilters }),
    [state, debouncedSearch, debouncedFilters]
  )
  const extra = new URLSearchParams(params).toString()
  const queryString = [toQueryString(effective, { includePage: true }), extra]
    .filter(Boolean)
    .join('&')

  // New page-level filters start again at the first page.
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) firstRender.current = false
    else setState((s) => ({ ...s, page: 1 }))
  }, [extra])

  useEffect(() => {
    const url = `${window.location.pathname}?${queryString}`
    window.history.replaceState(window.history.state, '', url)
  }, [queryString])

  const query = useQuery({
    queryKey: [endpoint, queryString],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${endpoint}?${queryString}`, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as Paginated<Row>
    },
    placeholderData: keepPreviousData,
  })

  const actions = {
    setSearch: (search: string) => setState((s) => ({ ...s, search, page: 1 })),
    setLimit: (limit: number) => setState((s) => ({ ...s, limit, page: 1 })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setFilter: (key: string, value: string) =>
      setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [key]: value } })),
    reset: () => setState((s) => ({ ...s, search: '', page: 1, filters: {} })),
    /** Ascending, then descending, then back to the list's own order. */
    toggleSort: (key: string) =>
      setState((s) => ({
        ...s,
        page: 1,
        sort:
          s.sort?.key !== key
            ? { key, dir: 'asc' }
            : s.sort.dir === 'asc'
              ? { key, dir: 'desc' }
              : null,
      })),
  }

  return { state, effective, extra, query, actions }
}
