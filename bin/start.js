// `npm start`: prepare everything on a fresh clone, then serve.
// Creates .env on the first run, builds the client assets when a source changed since the last
// build (bin/built_assets.js), migrates the database and loads reference data (and demo data on
// an empty database when DEMO_DATA=true) in one boot of the app (`ace kalibra:prepare`), then
// starts the HTTP server on HOST:PORT in this same process: server.js forks the workers only
// once the preparation is done. The build and the preparation run side by side. package.json
// runs this as `exec node bin/start.js`: without exec, npm's `sh -c` stays in between, and a
// SIGTERM to npm killed only sh, leaving the server running, re-parented (server.js also
// stops when its parent goes).
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MANIFEST, assetsUpToDate, markBuilt } from './built_assets.js'

process.env.NODE_ENV ||= 'production'
const root = fileURLToPath(new URL('../', import.meta.url))

console.log('\n> Menyiapkan konfigurasi')
await import('./setup.js')

/** Children still running: a SIGTERM or SIGINT while preparing stops them too. */
const children = new Set()
const forward = (signal) => {
  for (const child of children) child.kill(signal)
  if (!children.size) process.exit(1)
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, forward)

/** Runs a step in a child process; resolves with whether it succeeded. */
function run(label, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env })
    children.add(child)
    const done = (ok) => {
      if (!children.delete(child)) return
      if (!ok) console.error(`\nGagal: ${label}`)
      resolve(ok)
    }
    child.once('error', () => done(false))
    child.once('exit', (code) => done(code === 0))
  })
}

async function buildAssets() {
  if (assetsUpToDate(root)) {
    console.log('\n> Aset antarmuka sudah terbaru')
    return true
  }
  console.log('\n> Membangun aset antarmuka')
  const startedAt = Date.now()
  const ok = await run('Membangun aset antarmuka', [
    'node_modules/vite/bin/vite.js',
    'build',
    '--logLevel',
    'warn',
  ])
  // A build that failed or was stopped may have written a manifest but not every file it names.
  if (ok) markBuilt(root, startedAt)
  else rmSync(join(root, MANIFEST), { force: true })
  return ok
}

// Migrations, then reference and demo data: commands/prepare_app.ts prints their progress lines.
const results = await Promise.all([
  buildAssets(),
  run('Menyiapkan basis data', ['ace.js', 'kalibra:prepare']),
])
if (results.includes(false)) process.exit(1)

for (const signal of ['SIGTERM', 'SIGINT']) process.off(signal, forward)
console.log('\n> Menjalankan server')
await import('../server.js')
