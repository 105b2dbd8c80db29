import { errors as vineErrors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { cleanQuery, paginate, queryStrings } from '#queries/datatable'
import type { ListDefinition } from '#queries/list_definition'
import { tablePdf } from '#documents/exports/table_pdf'
import { tableXlsx } from '#documents/exports/table_xlsx'
import { formatDateTime, labNow } from '#services/format'
import ForbiddenException from '#exceptions/forbidden_exception'

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
  try {
    const filters = await list.validator.validate(qs)
    return { qs: queryStrings(qs), filters }
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

export async function respondWithDatatable(ctx: HttpContext, list: AnyList) {
  const read = await readFilters(ctx, list)
  if (!read) return
  const query = list.query(read.filters, ctx.auth.user!)
  const limit = read.filters.limit ?? list.defaultLimit
  return paginate(
    query,
    { ...read.filters, limit, baseUrl: ctx.request.url(), qs: read.qs },
    list.row
  )
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
    filters: await list.describeFilters(read.filters),
    printedAt: formatDateTime(labNow()),
    columns: list.columns,
    rows: rowsOf(list.query(read.filters, ctx.auth.user!), list.row),
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
