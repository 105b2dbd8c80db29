// `npm start`: prepare everything on a fresh clone, then serve.
// Creates .env on the first run, builds the client assets, migrates the
// database, loads reference data (and demo data on an empty database when
// DEMO_DATA=true), then starts the HTTP server on HOST:PORT in this same
// process. package.json runs it as `exec node bin/start.js`: without exec, npm's
// `sh -c` stays in between, and a SIGTERM to npm killed only sh, leaving the
// server running, re-parented (server.js also stops when its parent goes).
import { spawnSync } from 'node:child_process'

process.env.NODE_ENV ||= 'production'

function run(label, command, args) {
  console.log(`\n> ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    console.error(`\nGagal: ${label}`)
    process.exit(result.status ?? 1)
  }
}

const node = process.execPath
run('Menyiapkan konfigurasi', node, ['bin/setup.js'])
run('Membangun aset antarmuka', node, [
  'node_modules/vite/bin/vite.js',
  'build',
  '--logLevel',
  'warn',
])
run('Menjalankan migrasi basis data', node, ['ace.js', 'migration:run', '--force'])
run('Memuat data referensi', node, ['ace.js', 'kalibra:demo'])

console.log('\n> Menjalankan server')
await import('../server.js')
