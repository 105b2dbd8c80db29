// Whether `npm start` may skip the client build: the Vite manifest is newer than
// everything the bundle is built from. That is more than inertia/: Tailwind (inertia/css/app.css,
// `@import 'tailwindcss'`) scans the whole project for class names, the Edge layout and
// app/services/inertia_root.ts included, and the bundle also depends on vite.config.ts,
// the tsconfig files and the installed versions (package-lock.json). So every file and folder of
// the app counts (a folder's time changes when a file in it is added, removed or renamed), except
// what is generated or written at run time.
import { readdirSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'

export const MANIFEST = 'public/assets/.vite/manifest.json'

/** Never sources: dependencies, build output, run-time data (databases, uploads, logs). */
export const SKIPPED = new Set([
  'node_modules',
  'public/assets',
  'build',
  'coverage',
  'tmp',
  'storage',
  'bench/results',
])

/** Hidden entries (.git, .env, .adonisjs ...) and logs are not read by the build either. */
const skippedName = (name) => name.startsWith('.') || name.endsWith('.log')

/**
 * Folders whose own time says nothing: the app folder and the parents of skipped folders
 * change whenever a log, `.env`, `tmp/` or `public/assets/` itself comes or goes.
 */
const PARENTS_OF_SKIPPED = new Set(
  ['', ...SKIPPED].flatMap((path) =>
    path.split('/').map((_, index, parts) => parts.slice(0, index).join('/'))
  )
)

/**
 * The newest modification time (ms) of `root`'s sources (0 when there are none); stops early,
 * with that time, as soon as one is newer than `limit`.
 */
export function newestSourceTime(root, limit = Infinity) {
  let newest = 0
  // A file removed while the folder is read (an editor's temporary file) is simply not counted.
  const timeOf = (path) => statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs ?? 0
  const visit = (relative) => {
    if (!PARENTS_OF_SKIPPED.has(relative)) {
      newest = Math.max(newest, timeOf(relative))
      if (newest > limit) return true
    }
    let entries
    try {
      entries = readdirSync(join(root, relative), { withFileTypes: true })
    } catch (error) {
      if (error.code === 'ENOENT') return false
      throw error
    }
    for (const entry of entries) {
      if (skippedName(entry.name)) continue
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (SKIPPED.has(path)) continue
      if (entry.isDirectory()) {
        if (visit(path)) return true
      } else if (entry.isFile()) {
        newest = Math.max(newest, timeOf(path))
        if (newest > limit) return true
      }
    }
    return false
  }
  visit('')
  return newest
}

/** True when the built manifest exists and no source changed after it was built. */
export function assetsUpToDate(root) {
  const built = statSync(join(root, MANIFEST), { throwIfNoEntry: false })?.mtimeMs
  if (built === undefined) return false
  try {
    return newestSourceTime(root, built) <= built
  } catch {
    // A folder that cannot be read: build, as before this check existed.
    return false
  }
}

/**
 * After a successful build: dates the manifest to when the build began, so a source saved
 * while Vite was running still counts as newer and the next start builds again.
 */
export function markBuilt(root, startedAtMs) {
  const seconds = startedAtMs / 1000
  utimesSync(join(root, MANIFEST), seconds, seconds)
}
