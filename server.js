// Production entry point. On a multi-core machine it starts one worker per core
// (WEB_CONCURRENCY overrides; 1 disables clustering): Node serves requests on a
// single thread, so a second worker is what lets a 2-core server use both cores.
// Workers share the port and everything they share (sessions, the sign-in
// throttle) lives in the database; on SQLite every write transaction takes the
// write lock up front (database/sqlite_immediate.ts), so workers wait for each
// other instead of failing.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
// A crashed worker is started again after 1 s, 2 s, 4 s ... at most 60 s (bin/restart_delay.js).
import { nextRestart } from './bin/restart_delay.js'

const workers = Math.max(
  1,
  Number(process.env.WEB_CONCURRENCY || Math.min(availableParallelism(), 4))
)
const shutdownTimeoutMs = (Number(process.env.SHUTDOWN_TIMEOUT) || 10) * 1000

/**
 * Under `npm start` the parent is npm. If npm goes away without passing a
 * signal on (killed, or an npm that does not forward), the server stops too
 * instead of serving on, re-parented, with nobody to stop it.
 */
function stopWhenParentGoes() {
  if (process.env.npm_lifecycle_event !== 'start') return
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
  }, 1000).unref()
}

if (cluster.isPrimary && workers > 1) {
  // Workers run this file, not whatever script imported it (npm start's bin/start.js).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) })
  let stopping = false
  let cleanStop = true
  let crashes = 0
  const restarts = new Set()
  const startedAt = new Map()
  // Each worker has a slot, 1 to WEB_CONCURRENCY, that a worker started in its place takes
  // over: its metrics' `worker` label, so a crashing worker adds no new series.
  const slots = new Map()
  // /metrics covers every worker: the primary gathers them (bin/cluster_metrics.js).
  const { serveClusterMetrics } = await import('./bin/cluster_metrics.js')
  const metrics = serveClusterMetrics()

  const fork = (slot) => {
    const worker = cluster.fork({ ...process.env, KALIBRA_WORKER: String(slot) })
    startedAt.set(worker.id, Date.now())
    slots.set(worker.id, slot)
  }
  for (let i = 1; i <= workers; i++) fork(i)

  cluster.on('exit', (worker, code, signal) => {
    const ranFor = Date.now() - (startedAt.get(worker.id) ?? Date.now())
    const slot = slots.get(worker.id)
    startedAt.delete(worker.id)
    slots.delete(worker.id)
    if (stopping) {
      // A worker that had to be forced (drain past SHUTDOWN_TIMEOUT) makes the exit code 1.
      if (code !== 0) cleanStop = false
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(cleanStop ? 0 : 1)
      return
    }
    const next = nextRestart(crashes, ranFor)
    crashes = next.crashes
    const delay = next.delayMs
    console.error(
      `Worker ${worker.process.pid} berhenti (${signal ?? `kode ${code}`}); dijalankan ulang dalam ${delay / 1000} detik.`
    )
    const restart = setTimeout(() => {
      restarts.delete(restart)
      metrics.workerRestarted()
      fork(slot)
    }, delay)
    restarts.add(restart)
  })

  const stop = (signal) => {
    if (stopping) return
    stopping = true
    for (const restart of restarts) clearTimeout(restart)
    console.log(`${signal}: menghentikan ${Object.keys(cluster.workers ?? {}).length} worker`)
    // Each worker drains its requests (at most SHUTDOWN_TIMEOUT) and exits; the
    // signal goes straight to the process, not through cluster's disconnect, which
    // would wait for idle keep-alive connections first.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    setTimeout(() => {
      console.error('Worker belum berhenti setelah batas waktu: dihentikan paksa')
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, shutdownTimeoutMs + 2000).unref()
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal))
  stopWhenParentGoes()
} else {
  if (cluster.isPrimary) stopWhenParentGoes()
  await import('@poppinss/ts-exec')
  await import('./bin/server.js')
}
