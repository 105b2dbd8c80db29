// Production entry point. On a multi-core machine it starts one worker per core
// (WEB_CONCURRENCY overrides; 1 disables clustering): Node serves requests on a
// single thread, so a second worker is what lets a 2-core server use both cores.
// Workers share the port; sign-in throttling then lives in the database so
// that its limit holds across workers.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? Math.min(availableParallelism(), 4)))

if (cluster.isPrimary && workers > 1) {
  process.env.LIMITER_STORE ??= 'database'
  // Workers run this file, not whatever script imported it (npm start's bin/start.js).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) })
  let stopping = false
  const fork = () => cluster.fork(process.env)
  for (let i = 0; i < workers; i++) fork()
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`Worker ${worker.process.pid} berhenti (kode ${code}); menjalankan ulang.`)
      fork()
    }
  })
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
      setTimeout(() => process.exit(0), 10_000).unref()
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      })
    })
  }
} else {
  await import('@poppinss/ts-exec')
  await import('./bin/server.js')
}
