import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { ORDER_TYPES } from '#workflows/order_types'

/**
 * Issue 9's rule, checked again after issue 35 point 10 found it broken: the code every order
 * type shares never names an order type. What differs per type is asked of the order-type
 * registry (app/workflows/order_types.ts); a type's own code lives in its own folders.
 */
const SHARED = [
  'app/controllers/orders',
  'app/actions/orders',
  'app/queries/orders',
  'app/documents/orders',
  // Issue 36 item 2: the whole list module.
  'app/lists',
  // Issue 36 item 1: what reports, the loan's order picker and numbering ask of the registry.
  'app/queries/reports/report_filters.ts',
  'app/queries/reports/ledger_lists.ts',
  'app/queries/lending/loan_form.ts',
  'app/controllers/lending/loan_api_controller.ts',
  'app/services/order_number.ts',
  'start/routes/lending.ts',
]

/**
 * A type's name as code uses it: a string of its own (`'internal'`), the start of one (a table
 * `'insitu_orders'`, a path `'/internal/…'`, a relation), or an import from a type's folder or
 * module (`#actions/internal/…`, `#workflows/internal_order_workflow`).
 */
export function typeNameHits(source: string, types: readonly string[]) {
  const names = types.join('|')
  const patterns = [
    new RegExp(`['"\`]/?(${names})(['"\`]|[_./])`),
    new RegExp(`from '#[\\w]+/(${names})[/_]`),
    new RegExp(`import\\('#[\\w]+/(${names})[/_]`),
  ]
  return source
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => patterns.some((pattern) => pattern.test(line)))
}

async function sourceFiles(path: string): Promise<string[]> {
  const absolute = app.makePath(path)
  if (absolute.endsWith('.ts')) return [absolute]
  const entries = await readdir(absolute, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

test.group('Hygiene | order-type names in shared code', () => {
  test('the shared order folders and the list kit name no order type', async ({ assert }) => {
    const hits: string[] = []
    let files = 0
    for (const path of SHARED) {
      for (const file of await sourceFiles(path)) {
        files++
        const source = await readFile(file, 'utf8')
        for (const hit of typeNameHits(source, ORDER_TYPES)) {
          hits.push(`${relative(app.makePath(), file)}:${hit.number}: ${hit.line}`)
        }
      }
    }
    assert.isAbove(files, 20)
    assert.deepEqual(hits, [], 'ask the order-type registry (app/workflows/order_types.ts)')
  })

  test('the check finds what issue 35 found', ({ assert }) => {
    const found = (line: string) => typeNameHits(line, ORDER_TYPES).length
    assert.equal(found(`  if (order.type === 'insitu') {`), 1)
    assert.equal(found(`  type: 'internal' | 'insitu',`), 1)
    assert.equal(found(`  await order.load('internal')`), 1)
    assert.equal(found(`    .leftJoin('insitu_orders as io', 'io.order_id', 'o.id')`), 1)
    assert.equal(found(`import { internalWorkflow } from '#workflows/internal_order_workflow'`), 1)
    assert.equal(found(`const { x } = await import('#queries/insitu/offering')`), 1)
    assert.equal(found('  ...(`${order.type}_srikandi`)'), 0)
    assert.equal(found('  // the internal proof, described'), 0)
  })
})
