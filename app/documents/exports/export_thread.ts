import { PassThrough } from 'node:stream'
import { Worker } from 'node:worker_threads'
import type { Cell, ExportFormat, TableHead } from '#documents/exports/table_document'
import type { FromWorker, ToWorker } from '#documents/exports/export_worker'

const WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './export_worker.ts' : './export_worker.js',
  import.meta.url
)

/**
 * An idle export thread stops after this long and its memory is given back; in a server it is
 * replaced at once by a fresh, warm one (`warm`).
 */
const IDLE_MS = 5_000

type Handler = (message: FromWorker) => void

/**
 * The export thread of this process (export_worker.ts): started by the first export, or warm
 * from the server's start; shared by exports that run together; stopped when idle (and, when
 * kept warm, replaced by a fresh one with its writers loaded, so the first byte of an export does
 * not wait a second for exceljs or pdfkit to load). If it dies, the exports it was writing fail
 * and the next export starts a new one.
 */
class ExportThread {
  private worker: Worker | null = null
  private handlers = new Map<number, Handler>()
  private lastId = 0
  private idle: NodeJS.Timeout | null = null
  private keepWarm = false

  /** Starts the thread now with both writers loaded, and keeps one ready from then on. */
  warm() {
    this.keepWarm = true
    this.thread().postMessage({ type: 'warm' } satisfies ToWorker)
    if (!this.handlers.size) this.worker?.unref()
  }

  /** Whether the thread runs (and which), and how many exports it is writing. */
  status() {
    return {
      started: this.worker !== null,
      threadId: this.worker?.threadId ?? null,
      exports: this.handlers.size,
    }
  }

  /** No thread kept warm any more; an idle one stops now. */
  cool() {
    this.keepWarm = false
    if (this.handlers.size) return
    if (this.idle) clearTimeout(this.idle)
    this.stop()
  }

  open(handler: Handler) {
    const id = ++this.lastId
    this.handlers.set(id, handler)
    if (this.idle) clearTimeout(this.idle)
    this.idle = null
    this.thread().ref()
    return id
  }

  post(message: Exclude<ToWorker, { type: 'warm' }>) {
    if (this.handlers.has(message.id)) this.worker?.postMessage(message)
  }

  close(id: number, cancel: boolean) {
    if (!this.handlers.delete(id)) return
    if (cancel) this.worker?.postMessage({ id, type: 'cancel' } satisfies ToWorker)
    if (this.handlers.size || !this.worker) return
    this.worker.unref()
    this.idle = setTimeout(() => {
      this.stop()
      if (this.keepWarm) this.warm()
    }, IDLE_MS).unref()
  }

  private thread() {
    if (this.worker) return this.worker
    const worker = new Worker(WORKER)
    worker.on('message', (message: FromWorker) => this.handlers.get(message.id)?.(message))
    const lost = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      const handlers = [...this.handlers.entries()]
      this.handlers.clear()
      for (const [id, handler] of handlers) handler({ id, type: 'failed', message: error.message })
    }
    worker.on('error', lost)
    worker.on('exit', () => lost(new Error('Pembuat berkas berhenti sebelum selesai')))
    this.worker = worker
    return worker
  }

  private stop() {
    const worker = this.worker
    this.worker = null
    this.idle = null
    void worker?.terminate()
  }
}

const exportThread = new ExportThread()

export const exportThreadStatus = () => exportThread.status()
export const warmExportThread = () => exportThread.warm()
export const coolExportThread = () => exportThread.cool()

/**
 * An export's file, written in the export thread: this thread only reads the rows (chunk by
 * chunk, from the list's index) and hands a chunk over when the thread asks for it and the
 * download has taken what came before, so the app goes on serving pages while a large file is
 * made and memory stays flat. A download closed early stops the reading and the file.
 */
export function fileInThread(format: ExportFormat, head: TableHead, rows: AsyncIterable<Cell[][]>) {
  const out = new PassThrough()
  const chunks = rows[Symbol.asyncIterator]()
  let id = 0
  let finished = false
  const stop = (error?: Error, cancel = false) => {
    if (finished) return
    finished = true
    exportThread.close(id, cancel)
    void chunks.return?.()
    if (out.destroyed) return
    if (error) out.destroy(error)
    else out.end()
  }
  const feed = async () => {
    if (out.writableNeedDrain) await new Promise((resume) => out.once('drain', resume))
    if (finished) return
    const next = await chunks.next()
    if (finished) return
    exportThread.post(next.done ? { id, type: 'end' } : { id, type: 'rows', rows: next.value })
  }
  id = exportThread.open((message) => {
    if (finished) return
    if (message.type === 'bytes')
      out.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength))
    else if (message.type === 'more') feed().catch((error) => stop(error, true))
    else if (message.type === 'done') stop()
    else stop(new Error(message.message))
  })
  exportThread.post({ id, type: 'start', format, head })
  out.on('close', () => stop(undefined, true))
  return out
}
