/**
 * The child process export files are written in (see export_process.ts). Each export has an
 * id: its head comes first, then its rows as cells, chunk by chunk, each asked for as the one
 * before is taken (rowsOf); the file's bytes go back as they are made. Building an xlsx or a
 * PDF (XML, compression, layout) is most of an export's work: here it never holds up the
 * requests the app serves.
 */
import type { Readable } from 'node:stream'
import type { Cell, ExportFormat, ReportDocument, TableHead } from '#lists/exports/table_document'

// Under the development and test loader the app's TypeScript is compiled as it is imported.
if (import.meta.url.endsWith('.ts')) await import('@poppinss/ts-exec')

export type ToWorker =
  | { type: 'warm' }
  | { id: number; type: 'start'; format: ExportFormat; head: TableHead }
  | { id: number; type: 'report'; format: ExportFormat; report: ReportDocument }
  | { id: number; type: 'rows'; rows: Cell[][] }
  | { id: number; type: 'end' }
  | { id: number; type: 'cancel' }
export type FromWorker =
  | { id: number; type: 'more' }
  | { id: number; type: 'bytes'; data: Uint8Array }
  | { id: number; type: 'done' }
  | { id: number; type: 'failed'; message: string }

interface Running {
  arrived: (Cell[][] | null)[]
  /** A chunk was asked for and has not arrived yet. */
  asked: boolean
  wake: (() => void) | null
  file: Readable | null
}

const send = (message: FromWorker) => {
  if (process.connected) process.send!(message)
}
// The app that started this process is gone: nothing is left to write for.
process.on('disconnect', () => process.exit(0))
const running = new Map<number, Running>()

/** Only the writer a format needs is loaded (exceljs and pdfkit each take half a second). */
async function writerOf(format: ExportFormat) {
  if (format === 'pdf') {
    const { tablePdf } = await import('#lists/exports/table_pdf')
    return tablePdf
  }
  const { tableXlsx } = await import('#lists/exports/table_xlsx')
  return tableXlsx
}

/**
 * The rows of an export as they arrive. The next chunk is asked for as soon as one is taken, so
 * the app's thread reads it while this one is written; no more than two are ever held.
 */
async function* rowsOf(id: number, state: Running) {
  const ask = () => {
    if (state.asked) return
    state.asked = true
    send({ id, type: 'more' })
  }
  ask()
  for (;;) {
    if (!state.arrived.length) await new Promise<void>((resume) => (state.wake = resume))
    const chunk = state.arrived.shift()
    if (!chunk) return
    ask()
    yield* chunk
  }
}

/** A report of several small tables: written whole, its rows came with it. */
async function reportWriterOf(format: ExportFormat) {
  if (format === 'pdf') {
    const { reportPdf } = await import('#lists/exports/table_pdf')
    return reportPdf
  }
  const { reportXlsx } = await import('#lists/exports/table_xlsx')
  return reportXlsx
}

/** A list's file from its head and the rows asked for, or a report's from its document. */
async function start(
  id: number,
  format: ExportFormat,
  what: { head: TableHead } | { report: ReportDocument }
) {
  const state: Running = { arrived: [], asked: false, wake: null, file: null }
  running.set(id, state)
  try {
    const make =
      'head' in what
        ? await writerOf(format).then((write) => () => write(what.head, rowsOf(id, state)))
        : await reportWriterOf(format).then((write) => () => write(what.report))
    if (!running.has(id)) return
    const file = make()
    state.file = file
    file.on('data', (data: Buffer) => send({ id, type: 'bytes', data }))
    file.on('end', () => {
      running.delete(id)
      send({ id, type: 'done' })
    })
    file.on('error', (error) => {
      running.delete(id)
      send({ id, type: 'failed', message: String(error?.message ?? error) })
    })
  } catch (error) {
    running.delete(id)
    send({ id, type: 'failed', message: String((error as Error)?.message ?? error) })
  }
}

function arrive(state: Running, rows: Cell[][] | null) {
  state.asked = false
  state.arrived.push(rows)
  state.wake?.()
  state.wake = null
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'warm') return void Promise.all([writerOf('pdf'), writerOf('excel')])
  if (message.type === 'start') return void start(message.id, message.format, message)
  if (message.type === 'report') return void start(message.id, message.format, message)
  const state = running.get(message.id)
  if (!state) return
  if (message.type === 'rows') return arrive(state, message.rows)
  if (message.type === 'end') return arrive(state, null)
  running.delete(message.id)
  arrive(state, null)
  state.file?.destroy()
})
