import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/**
 * Issue 36 item 5: the environment is read in `config/` only (start/env.ts validates it), so a
 * setting has one name, one default and one place to look it up; app code imports the config.
 * (`process.env` stays where the app hands its environment to a child process or reads the
 * worker number the cluster gives it.)
 */
test.group('Hygiene | environment read through config', () => {
  test('no file under app/ imports #start/env', async ({ assert }) => {
    const root = app.makePath('app')
    const entries = await readdir(root, { withFileTypes: true, recursive: true })
    const files = entries
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
    assert.isAbove(files.length, 100)
    const readers: string[] = []
    for (const file of files) {
      const source = await readFile(file, 'utf8')
      if (source.includes("from '#start/env'")) {
        readers.push(relative(app.makePath(), file))
      }
    }
    assert.deepEqual(readers, [], 'read the setting from config/ instead')
  })
})
