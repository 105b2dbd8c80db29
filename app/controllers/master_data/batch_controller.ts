import { urlFor } from '@adonisjs/core/services/url_builder'
import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { flashFieldErrors } from '#services/field_errors'
import type { BatchDefinition } from '#batch/batch_definition'
import type { RouteName } from '#services/route_names'
import { BatchFileError, formatWorkbook } from '#batch/spreadsheet'
import { runBatch, type RowError } from '#batch/run_batch'
import { actorOf } from '#services/audit'
import { errors as vineErrors } from '@vinejs/vine'
import { batchFileValidator } from '#validators/batch'
import { CONTENT_TYPES } from '#validators/rules/upload'

/** Batch edit of a master-data list from a spreadsheet (spec part 1, Batch-edit pages). */
export default class BatchController {
  constructor(
    private definition: BatchDefinition,
    /** The register's list page and this batch page, named by the route kit. */
    private routes: { list: RouteName; edit: RouteName }
  ) {}

  async edit({ inertia, session }: HttpContext) {
    const outcome = session.flashMessages.get('batch') as
      { message: string; errors: RowError[] } | undefined
    return inertia.render('batch/edit', {
      title: `Batch Edit ${this.definition.title}`,
      listPath: urlFor(this.routes.list),
      columns: this.definition.columns.map(({ header, required, description }) => ({
        header,
        required,
        description,
      })),
      outcome: outcome ?? null,
    })
  }

  async format({ response }: HttpContext) {
    const buffer = await formatWorkbook(this.definition)
    response.header('Content-Type', CONTENT_TYPES.xlsx)
    response.header(
      'Content-Disposition',
      `attachment; filename="format-batch-${this.definition.fileName}.xlsx"`
    )
    return response.send(buffer)
  }

  async update(ctx: HttpContext) {
    const { request, response, session } = ctx
    const back = urlFor(this.routes.edit)
    const refuse = (message: string, errors: RowError[] = []) => {
      session.flash('batch', { message, errors })
      flashFieldErrors(session, { file: message })
      if (!errors.length) session.flash('error', message)
      return response.redirect(back)
    }

    // An empty file has no content to recognise, so it gets its own message first.
    if (request.file('file')?.size === 0) return refuse('Berkas kosong.')
    const validated = await request.validateUsing(batchFileValidator).catch((error) => {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) return error.messages[0].message as string
      throw error
    })
    if (typeof validated === 'string') return refuse(validated)
    const buffer = await readFile(validated.file.tmpPath!)

    try {
      const result = await runBatch(
        actorOf(ctx),
        this.definition,
        buffer,
        validated.file.clientName
      )
      if (!result.ok) {
        return refuse(
          `Berkas ditolak: ${result.errors.length} baris bermasalah. Tidak ada data yang diubah; perbaiki baris berikut lalu unggah ulang.`,
          result.errors
        )
      }
      session.flash(
        'success',
        `Batch edit berhasil: ${result.created} data baru, ${result.updated} data diperbarui.`
      )
      return response.redirect(urlFor(this.routes.list))
    } catch (error) {
      if (error instanceof BatchFileError) return refuse(error.message)
      throw error
    }
  }
}
