import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from '@japa/runner'

/** bin/built_assets.js (plain JavaScript, run by bin/start.js before the app exists). */
interface BuiltAssets {
  MANIFEST: string
  assetsUpToDate(root: string): boolean
  newestSourceTime(root: string, limit?: number): number
  markBuilt(root: string, startedAtMs: number): void
}
const builtAssets = (): Promise<BuiltAssets> =>
  import(new URL('../../../bin/built_assets.js', import.meta.url).href)

const HOUR = 3_600_000
const BUILT_AT = Date.parse('2026-03-01T08:00:00Z')

/** A small app folder: every file and folder dated an hour before the build, then the manifest. */
function project(files: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'kalibra-assets-'))
  const paths = [
    'inertia/app.tsx',
    'inertia/pages/auth/login.tsx',
    'inertia/css/app.css',
    'resources/views/inertia_layout.edge',
    'app/services/inertia_root.ts',
    'vite.config.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'node_modules/react/index.js',
    'tmp/kalibra.sqlite3',
    'storage/letters/a.pdf',
    '.env',
    '.git/HEAD',
    ...files,
  ]
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), path)
  }
  return root
}

/** Dates a path (file or folder) `offsetMs` after the build. */
function touch(root: string, path: string, offsetMs: number) {
  const seconds = (BUILT_AT + offsetMs) / 1000
  utimesSync(join(root, path), seconds, seconds)
}

function dateEverything(root: string, paths: string[]) {
  for (const path of paths) touch(root, path, -HOUR)
}

const SOURCES = [
  'inertia/app.tsx',
  'inertia/pages/auth/login.tsx',
  'inertia/css/app.css',
  'resources/views/inertia_layout.edge',
  'app/services/inertia_root.ts',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]
const FOLDERS = [
  'inertia',
  'inertia/pages',
  'inertia/pages/auth',
  'inertia/css',
  'resources',
  'resources/views',
  'app',
  'app/services',
]

test.group('npm start | is the client build up to date', (group) => {
  let root: string
  group.each.setup(async () => {
    root = project([])
    const { MANIFEST, markBuilt } = await builtAssets()
    mkdirSync(dirname(join(root, MANIFEST)), { recursive: true })
    writeFileSync(join(root, MANIFEST), '{}')
    dateEverything(root, [...SOURCES, ...FOLDERS])
    markBuilt(root, BUILT_AT)
    return () => rmSync(root, { recursive: true, force: true })
  })

  test('up to date when the manifest is newer than every source', async ({ assert }) => {
    const { assetsUpToDate, newestSourceTime } = await builtAssets()
    assert.isTrue(assetsUpToDate(root))
    assert.equal(newestSourceTime(root), BUILT_AT - HOUR)
  })

  test('never up to date without a manifest', async ({ assert }) => {
    const { assetsUpToDate, MANIFEST } = await builtAssets()
    rmSync(join(root, MANIFEST))
    assert.isFalse(assetsUpToDate(root))
  })

  test('a page, the CSS, the Vite or TypeScript settings or the installed versions changed', async ({
    assert,
  }) => {
    const { assetsUpToDate } = await builtAssets()
    for (const source of SOURCES) {
      touch(root, source, 1000)
      assert.isFalse(assetsUpToDate(root), `${source} saved after the build`)
      touch(root, source, -HOUR)
      assert.isTrue(assetsUpToDate(root))
    }
  })

  test('Tailwind scans the whole app for class names: a server file or template counts', async ({
    assert,
  }) => {
    const { assetsUpToDate } = await builtAssets()
    touch(root, 'resources/views/inertia_layout.edge', 1)
    assert.isFalse(assetsUpToDate(root))
  })

  test('a page added, removed or renamed (its folder changed) needs a build', async ({
    assert,
  }) => {
    const { assetsUpToDate } = await builtAssets()
    rmSync(join(root, 'inertia/pages/auth/login.tsx'))
    touch(root, 'inertia/pages/auth', 5000)
    assert.isFalse(assetsUpToDate(root))
  })

  test('dependencies, run-time data, hidden files and the build output do not count', async ({
    assert,
  }) => {
    const { assetsUpToDate, MANIFEST } = await builtAssets()
    for (const path of [
      'node_modules/react/index.js',
      'node_modules',
      'tmp/kalibra.sqlite3',
      'tmp',
      'storage/letters/a.pdf',
      '.env',
      '.git/HEAD',
      'public/assets/app.js',
      'public',
      '',
    ]) {
      if (path === 'public/assets/app.js') writeFileSync(join(root, path), 'built')
      touch(root, path, HOUR)
    }
    touch(root, MANIFEST, 0)
    assert.isTrue(assetsUpToDate(root))
  })

  test('a source saved while Vite was building counts as newer than the build', async ({
    assert,
  }) => {
    const { assetsUpToDate, markBuilt, MANIFEST } = await builtAssets()
    // The build ran from BUILT_AT to BUILT_AT + 20 s; a page was saved 5 s into it.
    touch(root, MANIFEST, 20_000)
    touch(root, 'inertia/app.tsx', 5000)
    assert.isTrue(assetsUpToDate(root), 'by the manifest time alone it looks built')
    markBuilt(root, BUILT_AT)
    assert.isFalse(assetsUpToDate(root), 'dated to the start of the build, it is not')
  })

  test('the real app folder is walked in well under a second', async ({ assert }) => {
    const { newestSourceTime } = await builtAssets()
    const appRoot = new URL('../../../', import.meta.url).pathname
    const started = performance.now()
    assert.isAbove(newestSourceTime(appRoot), 0)
    assert.isBelow(performance.now() - started, 1000)
  })
})
