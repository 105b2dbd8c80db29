import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'

/**
 * The asset version Inertia compares with the client's (a new build makes open pages reload):
 * the built manifest's hash, computed once when the server starts. Left to Inertia, it was
 * hashed again for every response (issue 34). None during development, where the Vite dev
 * server serves the assets.
 */
function builtAssetsVersion() {
  try {
    const manifest = readFileSync(app.makePath('public/assets/.vite/manifest.json'))
    return createHash('md5').update(manifest).digest('hex')
  } catch {
    return undefined
  }
}

export default defineConfig({
  rootView: 'inertia_layout',
  assetsVersion: app.inDev ? undefined : builtAssetsVersion(),
  ssr: { enabled: false, entrypoint: 'inertia/ssr.tsx' },
})
