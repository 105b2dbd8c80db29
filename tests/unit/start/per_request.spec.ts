import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import { mayBeFile } from '#middleware/static_files_middleware'

test.group('Start | the cost of a request', () => {
  test('shield is built once and shared by every request', async ({ assert }) => {
    const first = await app.container.make(ShieldMiddleware)
    const second = await app.container.make(ShieldMiddleware)
    assert.instanceOf(first, ShieldMiddleware)
    assert.strictEqual(first, second)
  })

  test('only a path that can name a file of public/ is looked for on the disk', ({ assert }) => {
    for (const path of ['/assets/app-DV32CnP1.css', '/favicon.svg', '/robots.txt', '/a/b.c'])
      assert.isTrue(mayBeFile(path), path)
    for (const path of ['/', '/internal/datatable', '/fasyankes/inventory', '/assets/'])
      assert.isFalse(mayBeFile(path), path)
  })
})
