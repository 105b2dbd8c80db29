import { errors as vineErrors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { cleanQuery, paginate, queryStrings } from '#queries/datatable'
import type { ListDefinition } from '#queries/list_definition'
import { applySort, describeSort, readSort, SORT_REFUSAL, type ListSort } from '#queries/list_sort'
import { tablePdf } from '#documents/exports/table_pdf'
import { tableXlsx } from '#documents/exports/table_xlsx'
import { formatDateTime, labNow } from '#services/format'
import ForbiddenException from '#exceptions/forbidden_exception'
import type User from '#models/user'
import type { Permission } from '#enums/permissions'

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
    const filters = await list.validator.validate(qs)
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

/**
 * What a register's form page needs to add a record (`{path}/store`) or change one
 * (`{path}/{id}/update`): its title and where it goes back and sends to.
 */
export function recordFormProps(list: AnyList, record?: { id: number } | null) {
  return {
    title: record ? (list.editTitle ?? `Ubah ${list.recordName}`) : `Tambah ${list.recordName}`,
    backHref: list.path,
    submitHref: record ? `${list.path}/${record.id}/update` : `${list.path}/store`,
    method: record ? ('put' as const) : ('post' as const),
  }
}

export async function respondWithDatatable(ctx: HttpContext, list: AnyList) {
  const read = await readFilters(ctx, list)
  if (!read) return
  const query = sortedQuery(list, read.filters, ctx.auth.user!, read.sort)
  const limit = read.filters.limit ?? list.defaultLimit
  const page = await paginate(
    query,
    { ...read.filters, limit, baseUrl: ctx.request.url(), qs: read.qs },
    list.row
  )
  if (list.summary) page.summary = await list.summary(read.filters, ctx.auth.user!)
  return page
}

/** The list's query, in the order the user chose (or its own). */
function sortedQuery(list: AnyList, filters: any, user: User, sort: ListSort | null) {
  const query = list.query(filters, user)
  return sort && list.sorts ? applySort(query, list.sorts, list.idColumn ?? 'id', sort) : query
}

async function* rowsOf<Row>(query: DatabaseQueryBuilderContract<any>, map: (raw: any) => Row) {
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const chunk = await query.clone().limit(EXPORT_CHUNK).offset(offset)
    for (const raw of chunk) yield map(raw)
    if (chunk.length < EXPORT_CHUNK) return
  }
}

export async function respondWithExport(ctx: HttpContext, list: AnyList, format: 'pdf' | 'excel') {
  const read = await readFilters(ctx, list)
  if (!read) return
  const document = {
    title: list.title,
    filters: [
      ...(await list.describeFilters(read.filters)),
      ...(read.sort && list.sorts ? [describeSort(list.sorts, read.sort)] : []),
    ],
    printedAt: formatDateTime(labNow()),
    columns: list.columns,
    rows: rowsOf(sortedQuery(list, read.filters, ctx.auth.user!, read.sort), list.row),
    totals:
      list.summary && list.describeSummary
        ? list.describeSummary(await list.summary(read.filters, ctx.auth.user!))
        : undefined,
  }
  const stamp = labNow().toFormat('yyyyLLdd-HHmm')
  if (format === 'pdf') {
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `inline; filename="${list.fileName}-${stamp}.pdf"`)
    return ctx.response.stream(tablePdf(document))
  }
  ctx.response.header(
    'Content-Type',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  ctx.response.header(
    'Content-Disposition',
    `attachment; filename="${list.fileName}-${stamp}.xlsx"`
  )
  return ctx.response.stream(tableXlsx(document))
}
