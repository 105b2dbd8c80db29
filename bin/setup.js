// Creates .env from .env.example with a fresh APP_KEY on the first run, so that
// `npm start` and `npm test` work on a fresh clone without manual steps.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const envFile = new URL('.env', root)

mkdirSync(new URL('tmp/', root), { recursive: true })

if (!existsSync(envFile)) {
  const example = readFileSync(new URL('.env.example', root), 'utf8')
  const key = randomBytes(32).toString('base64url')
  writeFileSync(envFile, example.replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`))
  console.log('Membuat .env dengan APP_KEY baru')
}
