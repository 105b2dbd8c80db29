import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import inertiaConfig from '#config/inertia'

/**
 * Issue 34: Inertia hashed the asset manifest again for every response. The version is the
 * built manifest's hash, read once when the server starts (config/inertia.ts), and an Inertia
 * visit from an older build is told that version with a 409.
 */
test.group('Inertia asset version', () => {
  test('computed once from the built manifest, and the one a stale visit is told', async ({
    client,
    assert,
  }) => {
    const manifest = await readFile(app.makePath('public/assets/.vite/manifest.json')).catch(
      () => null
    )
    const expected = manifest ? createHash('md5').update(manifest).digest('hex') : undefined
    assert.equal((inertiaConfig as { assetsVersion?: string }).assetsVersion, expected)

    const stale = await client
      .get('/login')
      .header('x-inertia', 'true')
      .header('x-inertia-version', 'an-older-build')
    assert.equal(stale.status(), 409)
    assert.equal(stale.header('x-inertia-version'), expected ?? '1')
  })
})
