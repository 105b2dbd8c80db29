import { fork, type ChildProcess } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { Cell, ExportFormat, ReportDocument, TableHead } from '#lists/exports/table_document'
import { collectGarbage } from '#services/heap'
import type { FromWorker, ToWorker } from '#lists/exports/export_worker'

const WORKER = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? './export_worker.ts' : './export_worker.js',
    import.meta.url
  )
)

/**
 * An idle export process stops after this long and the system takes back all it held; in a
 * server it is replaced at once by a fresh, warm one (`warm`).
 */
const IDLE_MS = 5_000

type Handler = (message: FromWorker) => void

/**
 * The export process of this server process (export_worker.ts, a child process): started by the
 * first export, or warm from the server's start; shared by exports that run together; stopped
 * when idle (and, when kept warm, replaced by a fresh one with its writers loaded, so the first
 * byte of an export does not wait a second for exceljs or pdfkit to load). A process, not a
 * thread: when it exits, every byte it used (its heap, the allocator's arenas, zlib's buffers)
 * goes back to the system at once, where a stopped thread's stayed with the server (measured:
 * 10-30 MB more after each export, and the rest only some 10 s later). If it dies, the exports it
 * was writing fail and the next export starts a new one.
 */
class ExportProcess {
  private child: ChildProcess | null = null
  private handlers = new Map<number, Handler>()
  private lastId = 0
  private idle: NodeJS.Timeout | null = null
  private keepWarm = false
  /** Processes started (a warm one replaces each idle one) and lost (exited unasked). */
  private starts = 0
  private lost = 0

  /** Starts the process now with both writers loaded, and keeps one ready from then on. */
  warm() {
    this.keepWarm = true
    this.process()
    this.send({ type: 'warm' })
    if (!this.handlers.size) this.hold(false)
  }

  /** Whether the process runs (and which), how many exports it is writing, and since start-up how many were started and lost. */
  status() {
    return {
      started: this.child !== null,
      pid: this.child?.pid ?? null,
      exports: this.handlers.size,
      starts: this.starts,
      lost: this.lost,
    }
  }

  /** No process kept warm any more; an idle one stops now. */
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
    this.process()
    this.hold(true)
    return id
  }

  post(message: Exclude<ToWorker, { type: 'warm' }>) {
    if (this.handlers.has(message.id)) this.send(message)
  }

  close(id: number, cancel: boolean) {
    if (!this.handlers.delete(id)) return
    if (cancel) this.send({ id, type: 'cancel' })
    if (this.handlers.size || !this.child) return
    this.hold(false)
    this.idle = setTimeout(() => {
      this.stop()
      // The rows this process read for the exports: the heap they grew is given back too.
      collectGarbage()
      if (this.keepWarm) this.warm()
    }, IDLE_MS).unref()
  }

  private send(message: ToWorker) {
    if (this.child?.connected) this.child.send(message)
  }

  /** Whether the process keeps this one running: only while it writes an export. */
  private hold(running: boolean) {
    const child = this.child
    if (running) {
      child?.ref()
      child?.channel?.ref()
    } else {
      child?.unref()
      child?.channel?.unref()
    }
  }

  private process() {
    if (this.child) return this.child
    // Not the server's inspector port or its other debugging flags.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'))
    const child = fork(WORKER, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.on('message', (message: FromWorker) => this.handlers.get(message.id)?.(message))
    const lost = (error: Error) => {
      if (this.child !== child) return
      this.child = null
      this.lost++
      const handlers = [...this.handlers.entries()]
      this.handlers.clear()
      for (const [id, handler] of handlers) handler({ id, type: 'failed', message: error.message })
    }
    child.on('error', lost)
    child.on('exit', () => lost(new Error('Pembuat berkas berhenti sebelum selesai')))
    this.child = child
    this.starts++
    return child
  }

  private stop() {
    const child = this.child
    this.child = null
    this.idle = null
    child?.kill()
  }
}

const exportProcess = new ExportProcess()

export const exportProcessStatus = () => exportProcess.status()
export const warmExportProcess = () => exportProcess.warm()
export const coolExportProcess = () => exportProcess.cool()

/**
 * An export's file, written in the export process: the app only reads the rows (chunk by chunk,
 * from the list's index) and hands a chunk over when the process asks for it and the download
 * has taken what came before, so the app goes on serving pages while a large file is made and
 * memory stays flat. A download closed early stops the reading and the file.
 */
export function fileInExportProcess(
  format: ExportFormat,
  head: TableHead,
  rows: AsyncIterable<Cell[][]>
) {
  const out = new PassThrough()
  const chunks = rows[Symbol.asyncIterator]()
  let id = 0
  let finished = false
  const stop = (error?: Error, cancel = false) => {
    if (finished) return
    finished = true
    exportProcess.close(id, cancel)
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
    exportProcess.post(next.done ? { id, type: 'end' } : { id, type: 'rows', rows: next.value })
  }
  id = exportProcess.open((message) => {
    if (finished) return
    if (message.type === 'bytes')
      out.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength))
    else if (message.type === 'more') feed().catch((error) => stop(error, true))
    else if (message.type === 'done') stop()
    else stop(new Error(message.message))
  })
  exportProcess.post({ id, type: 'start', format, head })
  out.on('close', () => stop(undefined, true))
  return out
}

/** A report's file (several small tables, rows included), written in the export process. */
export function reportInExportProcess(format: ExportFormat, report: ReportDocument) {
  const out = new PassThrough()
  let finished = false
  const stop = (error?: Error, cancel = false) => {
    if (finished) return
    finished = true
    exportProcess.close(id, cancel)
    if (out.destroyed) return
    if (error) out.destroy(error)
    else out.end()
  }
  const id = exportProcess.open((message) => {
    if (finished) return
    if (message.type === 'bytes')
      out.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength))
    else if (message.type === 'done') stop()
    else if (message.type === 'failed') stop(new Error(message.message))
  })
  exportProcess.post({ id, type: 'report', format, report })
  out.on('close', () => stop(undefined, true))
  return out
}
