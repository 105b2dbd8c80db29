import type { Readable } from 'node:stream'
import { errors as vineErrors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { cleanQuery, countRows, paginate, queryStrings, rowsOfIds } from '#lists/datatable'
import ActionRefusedException from '#exceptions/action_refused_exception'
import type { ListDefinition } from '#lists/list_definition'
import {
  applySort,
  describeSort,
  keyColumns,
  readSort,
  SORT_REFUSAL,
  whereAfterKeys,
} from '#lists/list_sort'
import { fileInExportProcess } from '#lists/exports/export_process'
import { exportCells, tableHead, type ExportFormat } from '#lists/exports/table_document'
import { formatDateTime, labNow } from '#services/format'
import ForbiddenException from '#exceptions/forbidden_exception'
import type User from '#models/user'
import type { Permission } from '#enums/permissions'
import type { Keyset, ListSort } from '#lists/types'

type AnyList = ListDefinition<any, any>

const EXPORT_CHUNK = 1000

/**
 * Serves a list definition as `{list}/datatable` JSON and as PDF/Excel
 * exports. Bad query values answer 422 with a readable message and touch
 * nothing.
 */
export async function readFilters(ctx: HttpContext, list: AnyList) {
  if (!ctx.auth.user?.can(list.permission)) throw new ForbiddenException()
  const qs = cleanQuery(ctx.request.qs())
  const sort = readSort(qs, list.sorts)
  if (sort === false) {
    ctx.response.status(422).send({ message: SORT_REFUSAL })
    return null
  }
  try {
    const valid = await list.validator.validate(qs)
    const filters = list.resolve ? await list.resolve(valid, ctx.auth.user) : valid
    return { qs: queryStrings(qs), filters, sort }
  } catch (error) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      ctx.response.status(422).send({
        message: 'Parameter tabel tidak valid. Periksa kembali filter, jumlah baris, atau halaman.',
        errors: error.messages,
      })
      return null
    }
    throw error
  }
}

/**
 * What a list page needs of its definition (title, subtitle, path, the columns it may sort
 * by) and, given the permission to edit its rows, whether this user may.
 */
export function listPageProps(list: AnyList, user?: User, edit?: Permission) {
  return {
    title: list.title,
    subtitle: list.subtitle ?? '',
    path: list.path,
    sortable: Object.keys(list.sorts ?? {}),
    canEdit: Boolean(edit && user?.can(edit)),
    addLabel: `Tambah ${list.recordName ?? ''}`.trim(),
  }
}

/** After a record of the list is saved: the success message, and back to the list. */
export function backToList(ctx: HttpContext, list: AnyList, message: string) {
  ctx.session.flash('success', message)
  return ctx.response.redirect(list.path)
}

/** The master-data registers, by the name their routes carry (start/route_kit.ts). */
export type RegisterName = 'officer' | 'fasyankes' | 'alkes' | 'calibrator'

/**
 * What a register's form page needs to add a record (`{register}.store`) or change one
 * (`{register}.update`): its title and where it goes back and sends to.
 */
export function recordFormProps(
  list: AnyList,
  register: RegisterName,
  record?: { id: number } | null
) {
  return {
    title: record ? (list.editTitle ?? `Ubah ${list.recordName}`) : `Tambah ${list.recordName}`,
    backHref: list.path,
    submitHref: record
      ? urlFor(`${register}.update`, { id: record.id })
      : urlFor(`${register}.store`),
    method: record ? ('put' as const) : ('post' as const),
  }
}

export async function respondWithDatatable(ctx: HttpContext, list: AnyList) {
  const read = await readFilters(ctx, list)
  if (!read) return
  const query = sortedQuery(list, read.filters, ctx.auth.user!, read.sort)
  const limit = read.filters.limit ?? list.defaultLimit
  const total = list.total ? await list.total(read.filters, ctx.auth.user!) : null
  const page = await paginate(
    query,
    {
      ...read.filters,
      limit,
      baseUrl: ctx.request.url(),
      qs: read.qs,
      idColumn: list.idColumn,
      total,
      order: keysetOf(list, read.sort),
    },
    list.row
  )
  if (list.summary) page.summary = await list.summary(read.filters, ctx.auth.user!)
  return page
}

/** The list's query, in the order the user chose (or its own). */
export function sortedQuery(list: AnyList, filters: any, user: User, sort: ListSort | null) {
  const query = list.query(filters, user)
  return sort && list.sorts ? applySort(query, list.sorts, list.idColumn ?? 'id', sort) : query
}

/**
 * The ids of a list's rows as the user filtered and sorted it, at most `max` of them (a print of
 * one document per row: the loan list's slips), with its filters as the print names them; null
 * when the filters were refused (answered already). More than `max` rows: refused, advising a
 * narrower filter.
 */
export async function filteredIds(ctx: HttpContext, list: AnyList, max: number) {
  const read = await readFilters(ctx, list)
  if (!read) return null
  const query = sortedQuery(list, read.filters, ctx.auth.user!, read.sort)
  const idColumn = list.idColumn ?? 'id'
  const rows = await query
    .clone()
    .clearSelect()
    .select(`${idColumn} as id`)
    .limit(max + 1)
  if (rows.length > max) {
    throw new ActionRefusedException(
      `Cetak dibatasi ${max} baris; daftar ini lebih panjang. Persempit filter terlebih dahulu.`
    )
  }
  const filters = await list.describeFilters(read.filters)
  return {
    ids: rows.map((row) => Number(row.id)),
    filters: filters.map((filter) => `${filter.label}: ${filter.value}`).join(' · '),
  }
}

/** The keys a list is read in by its exports: the user's sort, or the list's own order. */
function keysetOf(list: AnyList, sort: ListSort | null): Keyset | null {
  if (!list.keyset || !list.idColumn) return null
  if (!sort || !list.sorts) return list.keyset
  const { column, text, through } = list.sorts[sort.key]
  return { keys: [text ? `lower(${column})` : column, through ?? list.idColumn], dir: sort.dir }
}

/** Small lists: chunks of the query by page. */
async function* rowsByPage(query: DatabaseQueryBuilderContract<any>, size: number) {
  for (let offset = 0; ; offset += size) {
    const chunk = await query.clone().limit(size).offset(offset)
    yield chunk
    if (chunk.length < size) return
  }
}

/**
 * Large lists: each chunk's keys read from the list's index after the previous chunk's last
 * key (no OFFSET, so the thousandth chunk costs what the first did), then only those rows
 * joined. On PostgreSQL keys travel as text, so a timestamp keeps its microseconds.
 */
async function* rowsByKeyset(
  query: DatabaseQueryBuilderContract<any>,
  idColumn: string,
  keyset: Keyset,
  size: number
) {
  const { keys } = keyset
  const selected = keyColumns(query, keyset)
  const id = `key_${keys.length - 1}`
  let after: (string | number)[] | null = null
  for (;;) {
    const chunk = query.clone().clearSelect().select(selected).limit(size)
    if (after) whereAfterKeys(chunk, keyset, after)
    const found: Record<string, string | number>[] = await chunk
    if (!found.length) return
    yield await rowsOfIds(
      query,
      idColumn,
      found.map((row) => row[id])
    )
    if (found.length < size) return
    const last = found[found.length - 1]
    after = keys.map((_, i) => last[`key_${i}`])
  }
}

/**
 * Every row of an export, a chunk at a time, as the list shows them. The file is written in a
 * child process that asks for the next chunk as it takes one, and a chunk is read only once the
 * download has taken the bytes before it (exports/export_process.ts), so between two
 * chunks this thread serves other requests.
 */
export async function* exportRows<Row>(
  list: ListDefinition<any, Row>,
  query: DatabaseQueryBuilderContract<any>,
  sort: ListSort | null,
  size = EXPORT_CHUNK
): AsyncGenerator<Row[]> {
  const keyset = keysetOf(list, sort)
  const chunks = keyset
    ? rowsByKeyset(query, list.idColumn!, keyset, size)
    : rowsByPage(query, size)
  for await (const chunk of chunks) yield chunk.map((raw) => list.row(raw))
}

/**
 * The most rows a PDF export holds (about 150 pages): a PDF of a whole list at a million orders
 * ran 231 s and grew the server by 3.6 GB (issue 34), and nobody reads it. Excel takes any
 * number, written a chunk at a time in bounded memory.
 */
export const PDF_EXPORT = { maxRows: 5_000 }

const pdfTooLong = () =>
  `PDF dibatasi ${PDF_EXPORT.maxRows.toLocaleString('id-ID')} baris; daftar ini lebih panjang. Persempit filter (status, bulan, fasyankes) atau unduh Excel.`

export async function respondWithExport(ctx: HttpContext, list: AnyList, format: ExportFormat) {
  const read = await readFilters(ctx, list)
  if (!read) return
  const head = tableHead(
    {
      title: list.title,
      filters: [
        ...(await list.describeFilters(read.filters)),
        ...(read.sort && list.sorts ? [describeSort(list.sorts, read.sort)] : []),
      ],
      printedAt: formatDateTime(labNow()),
      totals:
        list.summary && list.describeSummary
          ? list.describeSummary(await list.summary(read.filters, ctx.auth.user!))
          : undefined,
      letterhead: list.document?.letterhead,
      signatures: list.document?.signatures?.(ctx.auth.user!),
    },
    list.columns
  )
  const query = sortedQuery(list, read.filters, ctx.auth.user!, read.sort)
  if (format === 'pdf') {
    // Counted only up to one past the limit.
    const rows = await countRows(query, PDF_EXPORT.maxRows)
    if (rows > PDF_EXPORT.maxRows) throw new ActionRefusedException(pdfTooLong())
  }
  const cells = async function* () {
    for await (const rows of exportRows(list, query, read.sort))
      yield rows.map((row) => exportCells(format, list.columns, row))
  }
  const file = fileInExportProcess(format, head, cells())
  return sendExportFile(ctx, format, list.fileName, file)
}

/** An export's file as the response: a PDF opens in the browser, a workbook downloads. */
export function sendExportFile(
  ctx: HttpContext,
  format: ExportFormat,
  fileName: string,
  file: Readable
) {
  const stamp = labNow().toFormat('yyyyLLdd-HHmm')
  if (format === 'pdf') {
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `inline; filename="${fileName}-${stamp}.pdf"`)
    return ctx.response.stream(file)
  }
  ctx.response.header(
    'Content-Type',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  ctx.response.header('Content-Disposition', `attachment; filename="${fileName}-${stamp}.xlsx"`)
  return ctx.response.stream(file)
}
