// The import graph of app/ and inertia/ has no cycle, and the lower floors never reach up
// (issue 36 item 5): enums import enums only, models models and enums, an exception knows no
// workflow or query. Run from the project root: `npm run check:cycles`; exits 1 listing
// every cycle and every layer break. Type-only imports count: a cycle of types still ties
// the files together.
import { cruise } from 'dependency-cruiser'

const SOURCES = ['app', 'inertia', 'shared']

// Folders above the exceptions: what they hold may throw them, never the reverse.
const BEHAVIOUR = '^app/(workflows|queries|actions|controllers|middleware|notifications|lists)/'

const RULES = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'enums-import-enums-only',
    severity: 'error',
    from: { path: '^app/enums/' },
    to: { path: '^(app|config|start|database|shared|inertia)/', pathNot: '^app/enums/' },
  },
  {
    // Besides models and enums, only pure code shared with the pages (shared/).
    name: 'models-import-models-and-enums',
    severity: 'error',
    from: { path: '^app/models/' },
    to: {
      path: '^(app|config|start|database|shared|inertia)/',
      pathNot: '^app/(models|enums)/|^shared/',
    },
  },
  {
    // Code the server and the pages both run: it imports nothing of either side.
    name: 'shared-is-pure',
    severity: 'error',
    from: { path: '^shared/' },
    to: { path: '^(app|config|start|database|inertia)/' },
  },
  {
    name: 'exceptions-know-no-workflow',
    severity: 'error',
    from: { path: '^app/exceptions/[^/]+_exception\\.ts$' },
    to: { path: BEHAVIOUR },
  },
]

const result = await cruise(
  SOURCES,
  {
    validate: true,
    ruleSet: { forbidden: RULES },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|public|tmp)/' },
    tsPreCompilationDeps: true,
  },
  {
    // The sources import `#…/x.js` (package.json "imports") and `~/…` (the pages' alias,
    // vite.config.ts and inertia/tsconfig.json) and mean the .ts/.tsx file.
    extensionAlias: { '.js': ['.ts', '.tsx', '.d.ts', '.js'] },
    extensions: ['.ts', '.tsx', '.d.ts', '.js'],
    alias: { '~': `${process.cwd()}/inertia` },
    conditionNames: ['import', 'node', 'default', 'types'],
  }
)
const { modules, summary } = result.output

// A cycle through an import that did not resolve would go unseen. `#generated/*` is written by
// `node ace codegen` (types of the server for the pages) and may be absent on a fresh clone.
const unresolved = []
for (const module of modules) {
  for (const dependency of module.dependencies) {
    const local = /^(\.|#|~\/)/.test(dependency.module)
    if (dependency.couldNotResolve && local && !dependency.module.startsWith('#generated/')) {
      unresolved.push(`${module.source} -> ${dependency.module}`)
    }
  }
}

const cycles = new Map()
const breaks = []
for (const violation of summary.violations) {
  if (violation.rule.name === 'no-circular') {
    const path = [violation.from, ...violation.cycle.map((step) => step.name)]
    const files = new Set(path)
    // A file naming its own type (config/hash.ts: `typeof import('./hash.js')`) ties nothing.
    if (files.size === 1) continue
    // One cycle is reported once for each file on it: keep it once, by its set of files.
    const key = [...files].sort().join(' ')
    if (!cycles.has(key)) cycles.set(key, path)
  } else {
    breaks.push(`${violation.rule.name}: ${violation.from} -> ${violation.to}`)
  }
}

for (const path of cycles.values()) console.log(`cycle: ${path.join(' -> ')}`)
for (const line of breaks) console.log(line)
for (const line of unresolved) console.log(`unresolved: ${line}`)

const problems = cycles.size + breaks.length + unresolved.length
console.log(
  `${summary.totalCruised} modules: ${cycles.size} cycles, ${breaks.length} layer breaks, ` +
    `${unresolved.length} unresolved imports`
)
process.exit(problems > 0 ? 1 : 0)
