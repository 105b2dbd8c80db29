/**
 * The shapes the list module's files share (issue 36 item 2): a list's export columns, its
 * applied filters as printed, a page as `{list}/datatable` answers it, a known total, the keys
 * of its order and its sorts. Types only and no imports, so every file of the module imports
 * them downward and the pages can read them too.
 */

export interface ExportColumn<Row> {
  key: string
  label: string
  /** Relative width in the PDF; 1 by default. */
  width?: number
  value?: (row: Row) => string | number | null
  /**
   * What a spreadsheet stores instead of the printed text: a number, an amount in rupiah,
   * or a date / date-time given as ISO text (read as the lab's wall clock).
   */
  sheet?: SheetCell<Row>
}

export interface SheetCell<Row> {
  /** `decimal`: a number with two decimals (an index, a percentage). */
  format: 'number' | 'decimal' | 'rupiah' | 'date' | 'datetime'
  value: (row: Row) => number | string | null
}

export interface AppliedFilter {
  label: string
  value: string
}

export interface PageLink {
  url: string | null
  label: string
  active: boolean
}

export interface Paginated<Row> {
  data: Row[]
  from: number | null
  to: number | null
  total: number
  per_page: number
  current_page: number
  last_page: number
  links: PageLink[]
  /** Totals over every matching row, for lists with a footer (the list's `summary`). */
  summary?: Record<string, number>
  /** More rows match than were counted: `total` is a lower bound. */
  total_capped?: boolean
  /** `total` is estimated from a sample of the rows. */
  total_estimated?: boolean
}

/**
 * The matching rows of a list: counted, counted up to a limit (`capped`: more match), or
 * estimated from a sample (`estimated`).
 */
export interface ListTotal {
  total: number
  capped?: boolean
  estimated?: boolean
}

/** An order a list is read in by key: these columns (or expressions), all in one direction. */
export interface Keyset {
  keys: string[]
  dir: 'asc' | 'desc'
}

/** One way a list may be sorted: its column, and whether it is text (sorted ignoring case). */
export interface SortColumn {
  label: string
  column: string
  text?: boolean
  /**
   * For a column of a joined row (an order's own row of its type): that row's key (a positive
   * id), which ends the order and must be present, so the database reads the joined table's
   * index on (column, key) in order instead of sorting every row of the list (issue 34:
   * "Estimasi Kirim" sorted 650,000 orders for a page).
   */
  through?: string
}

export interface ListSort {
  key: string
  dir: 'asc' | 'desc'
}
