import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { flashFieldErrors } from '#services/field_errors'
import type { BatchDefinition } from '#batch/batch_definition'
import { BatchFileError, formatWorkbook } from '#batch/spreadsheet'
import { runBatch, type RowError } from '#batch/run_batch'
import { actorOf } from '#services/audit'

const MAX_SIZE = '5mb'
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Batch edit of a master-data list from a spreadsheet (spec part 1, Batch-edit pages). */
export default class BatchController {
  constructor(private definition: BatchDefinition) {}

  async edit({ inertia, session }: HttpContext) {
    const outcome = session.flashMessages.get('batch') as
      { message: string; errors: RowError[] } | undefined
    return inertia.render('batch/edit', {
      title: `Batch Edit ${this.definition.title}`,
      listPath: this.definition.path,
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
    response.header('Content-Type', XLSX_TYPE)
    response.header(
      'Content-Disposition',
      `attachment; filename="format-batch-${this.definition.fileName}.xlsx"`
    )
    return response.send(buffer)
  }

  async update(ctx: HttpContext) {
    const { request, response, session } = ctx
    const back = `${this.definition.path}/batch/edit`
    const refuse = (message: string, errors: RowError[] = []) => {
      session.flash('batch', { message, errors })
      flashFieldErrors(session, { file: message })
      if (!errors.length) session.flash('error', message)
      return response.redirect(back)
    }

    const file = request.file('file', { size: MAX_SIZE, extnames: ['xlsx'] })
    if (!file) return refuse('Berkas wajib diunggah.')
    // An empty file has no type to detect, so it must be caught before the type check.
    if (file.size === 0) return refuse('Berkas kosong.')
    if (!file.isValid) {
      const rule = file.errors[0]?.type
      return refuse(
        rule === 'size' ? 'Ukuran berkas maksimal 5 MB.' : 'Berkas harus berformat Excel (.xlsx).'
      )
    }
    const buffer = await readFile(file.tmpPath!)
    if (buffer.length === 0) return refuse('Berkas kosong.')
    if (!buffer.subarray(0, 4).equals(XLSX_MAGIC))
      return refuse('Isi berkas bukan Excel (.xlsx) yang valid.')

    try {
      const result = await runBatch(actorOf(ctx), this.definition, buffer, file.clientName)
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
      return response.redirect(this.definition.path)
    } catch (error) {
      if (error instanceof BatchFileError) return refuse(error.message)
      throw error
    }
  }
}
