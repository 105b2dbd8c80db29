import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ROLES, type Role } from '#enums/roles'
import { hasPermission, type Permission } from '#enums/permissions'
import { STAFF_MENU, homePathFor } from '#services/navigation'
import { demoUser } from '#tests/helpers/accounts'

/**
 * Role x route matrix, generated from the permission map.
 *
 * Every route of the router is classified: the pages of the sidebar take their
 * permission from STAFF_MENU (the same entries the sidebar is built from), a
 * list page's `/datatable` and `/print/{pdf,excel}` inherit it, and the
 * routes the sidebar does not name are listed below. A route that is in
 * neither place fails the matrix, so a new route cannot slip in unguarded.
 */
type Rule = Permission | 'signed-in'

/** Routes a guest may open. */
const PUBLIC_GET = ['/', '/login', '/auth/logout', '/simulation']
/** Writes a guest may send (the sign-in form). */
const PUBLIC_WRITE = ['POST /auth/verify']

/** Sidebar pages: href -> the permission the sidebar shows them for. Parents are groups, not pages. */
function menuPages(): Map<string, Permission> {
  const pages = new Map<string, Permission>()
  for (const item of STAFF_MENU) {
    if (item.children?.length) {
      for (const child of item.children) pages.set(child.href, child.permission)
    } else {
      pages.set(item.href, item.permission)
    }
  }
  return pages
}

/** Sidebar group hrefs (Fasyankes, Alkes, Kalibrator, Laporan): they open a group, they are no page. */
const MENU_GROUPS = STAFF_MENU.filter((item) => item.children?.length).map((item) => item.href)

const LIST_SUFFIXES = ['/datatable', '/print/pdf', '/print/excel']

/** Master-data forms and batch edit: the list's edit permission (spec section 6, edit actions). */
function masterDataForms(base: string, permission: Permission): Record<string, Rule> {
  return {
    [`${base}/create`]: permission,
    [`${base}/:id/edit`]: permission,
    [`${base}/batch/edit`]: permission,
    [`${base}/batch/edit/format`]: permission,
  }
}

/** GET routes the sidebar does not name. */
const OTHER_GET: Record<string, Rule> = {
  // User menu (spec section 2, Layout).
  '/profile': 'signed-in',
  '/password': 'signed-in',
  '/telegram/connect': 'messaging.connect',
  ...masterDataForms('/officer', 'officer.edit'),
  '/officer/:id/role': 'officer.edit',
  ...masterDataForms('/fasyankes/data', 'fasyankes.edit'),
  ...masterDataForms('/alkes/data', 'alkes.edit'),
  ...masterDataForms('/calibrator/data', 'calibrator.edit'),
  // Alat Datang (spec part 2): creating an order, the proofs, and the order's own pages.
  '/internal/create': 'internal.create',
  '/internal/:id/receive/print': 'internal.proofs',
  '/internal/:id/handover/print': 'internal.proofs',
  '/internal/:id/edit': 'internal.view',
  '/internal/:id/detail': 'internal.view',
  '/internal/:id/summary': 'internal.view',
  '/internal/:id/confirm/:decision': 'internal.view',
  '/internal/:id/append': 'internal.view',
  '/internal/:id/:deviceOrderId/cancel': 'internal.view',
  '/internal/:id/receive': 'internal.view',
  '/internal/:id/officer': 'internal.view',
  '/internal/:id/handover': 'internal.view',
  '/internal/:id/feedback': 'internal.view',
  '/internal/:id/worksheet/pk': 'internal.view',
  '/internal/:id/worksheet/pk/:alkesOrderId/edit': 'internal.view',
  '/internal/:id/attachment': 'internal.view',
  '/internal/:id/attachment/:format': 'internal.view',
  '/internal/:id/file/:deviceId/:kind': 'internal.view',
  '/internal/:id/letter': 'internal.view',
}

/** Writes: the permission of the page they are sent from. */
function masterDataWrites(base: string, permission: Permission): Record<string, Rule> {
  return {
    [`POST ${base}/store`]: permission,
    [`PUT ${base}/:id/update`]: permission,
    [`POST ${base}/batch/update`]: permission,
  }
}
const WRITES: Record<string, Rule> = {
  'PUT /profile': 'signed-in',
  'PUT /password': 'signed-in',
  ...masterDataWrites('/officer', 'officer.edit'),
  'PUT /officer/:id/role': 'officer.edit',
  ...masterDataWrites('/fasyankes/data', 'fasyankes.edit'),
  ...masterDataWrites('/alkes/data', 'alkes.edit'),
  ...masterDataWrites('/calibrator/data', 'calibrator.edit'),
  'POST /internal': 'internal.create',
  // Who may take which step is the workflow's call; the route asks for the list at least.
  'PUT /internal/:id': 'internal.view',
  'DELETE /internal/:id': 'internal.view',
  'POST /internal/:id/confirm/:decision': 'internal.view',
  'POST /internal/:id/append': 'internal.view',
  'POST /internal/:id/:deviceOrderId/cancel': 'internal.view',
  'DELETE /internal/:id/:deviceOrderId': 'internal.view',
  'PUT /internal/:id/receive': 'internal.view',
  'PUT /internal/:id/officer': 'internal.view',
  'PUT /internal/:id/handover': 'internal.view',
  'POST /internal/:id/feedback': 'internal.view',
  'PUT /internal/:id/worksheet/pk/:alkesOrderId/update': 'internal.view',
  'POST /internal/:id/worksheet/pk/:alkesOrderId/upload': 'internal.view',
  'PUT /internal/:id/certificate-date': 'internal.view',
  'POST /internal/:id/attachment/folder': 'internal.view',
  'POST /internal/:id/attachment/:type': 'internal.view',
}

/* ------------------------------------------------------------------ reading the router */

interface RouteEntry {
  method: string
  pattern: string
}

function routes(): RouteEntry[] {
  const json = router.toJSON() as Record<string, { pattern: string; methods: string[] }[]>
  return Object.values(json)
    .flat()
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, pattern: route.pattern }))
    )
}

const getPatterns = () =>
  routes()
    .filter((r) => r.method === 'GET')
    .map((r) => r.pattern)
const writeKeys = () =>
  routes()
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.pattern}`)

/** The rule of a GET route, or undefined when nobody classified it. */
function getRule(pattern: string): Rule | 'public' | undefined {
  if (PUBLIC_GET.includes(pattern)) return 'public'
  const pages = menuPages()
  if (pages.has(pattern)) return pages.get(pattern)
  for (const suffix of LIST_SUFFIXES) {
    if (pattern.endsWith(suffix)) {
      const page = pattern.slice(0, -suffix.length)
      if (pages.has(page)) return pages.get(page)
    }
  }
  return OTHER_GET[pattern]
}

function writeRule(key: string): Rule | 'public' | undefined {
  return PUBLIC_WRITE.includes(key) ? 'public' : WRITES[key]
}

function allows(rule: Rule, roles: Role[]) {
  return rule === 'signed-in' || hasPermission(roles, rule)
}

/* ------------------------------------------------------------------ concrete URLs */

/** Real records, so permitted roles open real pages (200); Alat Datang ids point at nothing (404). */
interface Ids {
  officer: number
  fasyankes: number
  alkes: number
  calibrator: number
}
async function realIds(): Promise<Ids> {
  const officer = await User.findByOrFail('email', 'officer_pk@kalibra.test')
  const first = async (table: string) =>
    db
      .from(table)
      .select('id')
      .orderBy('id')
      .firstOrFail()
      .then((row) => Number(row.id))
  return {
    officer: officer.id,
    fasyankes: await first('fasyankes'),
    alkes: await first('alkes'),
    calibrator: await first('calibrators'),
  }
}

const MISSING = '999999'
const FIXED_PARAMS: Record<string, string> = {
  decision: 'approve',
  type: 'certificate',
  kind: 'certificate',
  format: 'aspak',
}

function urlFor(pattern: string, ids: Ids) {
  const id = pattern.startsWith('/officer/')
    ? String(ids.officer)
    : pattern.startsWith('/fasyankes/data/')
      ? String(ids.fasyankes)
      : pattern.startsWith('/alkes/data/')
        ? String(ids.alkes)
        : pattern.startsWith('/calibrator/data/')
          ? String(ids.calibrator)
          : MISSING
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    name === 'id' ? id : (FIXED_PARAMS[name] ?? MISSING)
  )
}

/** A permitted role gets the page; for an Alat Datang id that does not exist, the 404 behind the guard. */
function expectedWhenAllowed(url: string) {
  return url.includes(MISSING) ? 404 : 200
}

/* ------------------------------------------------------------------ the matrix */

test.group('Route matrix | the router and the permission map agree', () => {
  test('every GET route is public, a sidebar page, a list route of one, or listed', ({
    assert,
  }) => {
    const unknown = getPatterns().filter((pattern) => getRule(pattern) === undefined)
    assert.deepEqual(unknown, [], `GET routes nobody classified: ${unknown.join(', ')}`)
  })

  test('every write route is classified', ({ assert }) => {
    const unknown = writeKeys().filter((key) => writeRule(key) === undefined)
    assert.deepEqual(unknown, [], `write routes nobody classified: ${unknown.join(', ')}`)
  })

  test('every sidebar page exists as a GET route; group entries are not pages', ({ assert }) => {
    const patterns = getPatterns()
    for (const href of menuPages().keys()) assert.include(patterns, href, `sidebar link ${href}`)
    for (const href of MENU_GROUPS) assert.notInclude(patterns, href, `group ${href}`)
  })

  test('the listed routes still exist (the table holds no stale entries)', ({ assert }) => {
    const patterns = getPatterns()
    const keys = writeKeys()
    for (const pattern of [...PUBLIC_GET, ...Object.keys(OTHER_GET)])
      assert.include(patterns, pattern)
    for (const key of [...PUBLIC_WRITE, ...Object.keys(WRITES)]) assert.include(keys, key)
  })

  test('the officer list routes are read with officer.view', ({ assert }) => {
    for (const pattern of [
      '/officer',
      '/officer/datatable',
      '/officer/print/pdf',
      '/officer/print/excel',
    ]) {
      assert.equal(getRule(pattern), 'officer.view', pattern)
    }
  })
})

test.group('Route matrix | guests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to /login from every protected GET route', async ({ client, assert }) => {
    const ids = await realIds()
    const wrong: string[] = []
    for (const pattern of getPatterns()) {
      if (getRule(pattern) === 'public') continue
      const response = await client.get(urlFor(pattern, ids)).redirects(0)
      if (response.status() !== 302 || response.header('location') !== '/login')
        wrong.push(`${pattern}: ${response.status()} -> ${response.header('location')}`)
    }
    assert.deepEqual(wrong, [], wrong.join('\n'))
  })

  test('a guest asking a data table for JSON gets no rows', async ({ client, assert }) => {
    for (const pattern of getPatterns().filter((p) => p.endsWith('/datatable'))) {
      const response = await client.get(pattern).header('accept', 'application/json').redirects(0)
      assert.include([302, 401], response.status(), pattern)
      assert.notProperty(response.body() ?? {}, 'data', pattern)
    }
  })

  test('a guest is sent to /login from every protected write, and nothing is written', async ({
    client,
    assert,
  }) => {
    const ids = await realIds()
    const before = await db.from('audit_logs').count('* as total').first()
    const wrong: string[] = []
    for (const key of writeKeys()) {
      if (writeRule(key) === 'public') continue
      const [method, pattern] = key.split(' ')
      const request = (client as any)[method.toLowerCase()](urlFor(pattern, ids))
      const response = await request.withCsrfToken().redirects(0)
      if (response.status() !== 302 || response.header('location') !== '/login')
        wrong.push(`${key}: ${response.status()} -> ${response.header('location')}`)
    }
    assert.deepEqual(wrong, [], wrong.join('\n'))
    const after = await db.from('audit_logs').count('* as total').first()
    assert.equal(Number(after?.total), Number(before?.total), 'no audited change')
  })

  test('the public pages answer a guest', async ({ client, assert }) => {
    for (const path of ['/login', '/simulation']) {
      const response = await client.get(path).redirects(0)
      assert.equal(response.status(), 200, path)
    }
    for (const path of ['/', '/auth/logout']) {
      const response = await client.get(path).redirects(0)
      assert.equal(response.status(), 302, path)
      assert.equal(response.header('location'), '/login', path)
    }
  })
})

test.group('Route matrix | every role x every GET route', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const role of ROLES) {
    test('{role}: permitted routes open, the others answer 403')
      .with([{ role }])
      .run(async ({ client, assert }, { role: current }: { role: Role }) => {
        const user = await demoUser(current)
        assert.deepEqual(user.roles, [current], 'the demo account holds exactly its role')
        const ids = await realIds()
        const wrong: string[] = []
        let permitted = 0
        for (const pattern of getPatterns()) {
          const rule = getRule(pattern)
          if (rule === 'public' || rule === undefined) continue
          const url = urlFor(pattern, ids)
          const allowed = allows(rule, [current])
          const expected = allowed ? expectedWhenAllowed(url) : 403
          if (allowed) permitted++
          const response = await client.get(url).loginAs(user).redirects(0)
          if (response.status() !== expected)
            wrong.push(`${url} (${rule}): ${response.status()}, expected ${expected}`)
        }
        assert.deepEqual(wrong, [], `${current}:\n${wrong.join('\n')}`)
        assert.isAbove(permitted, 0, 'every role may open some page (profile at least)')
      })
  }
})

test.group('Route matrix | every role x every write route (refused side)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const role of ROLES) {
    test('{role}: writes outside its permissions answer 403; its own are let through')
      .with([{ role }])
      .run(async ({ client, assert }, { role: current }: { role: Role }) => {
        const user = await demoUser(current)
        const ids = await realIds()
        const wrong: string[] = []
        for (const key of writeKeys()) {
          const rule = writeRule(key)
          if (rule === 'public' || rule === undefined) continue
          const [method, pattern] = key.split(' ')
          const response = await (client as any)
            [method.toLowerCase()](urlFor(pattern, ids))
            .loginAs(user)
            .withCsrfToken()
            .redirects(0)
          const status: number = response.status()
          if (!allows(rule, [current])) {
            if (status !== 403) wrong.push(`${key} (${rule}): ${status}, expected 403`)
          } else if (status === 403 || status >= 500) {
            wrong.push(`${key} (${rule}): ${status}, expected the guard to let it through`)
          }
        }
        assert.deepEqual(wrong, [], `${current}:\n${wrong.join('\n')}`)
      })
  }
})

test.group('Route matrix | landing pages', () => {
  for (const role of ROLES) {
    test('{role}: /login sends a signed-in user home, and home opens')
      .with([{ role }])
      .run(async ({ client, assert }, { role: current }: { role: Role }) => {
        const user = await demoUser(current)
        const home = homePathFor(user)
        const login = await client.get('/login').loginAs(user).redirects(0)
        assert.equal(login.status(), 302)
        assert.equal(login.header('location'), home)
        const landing = await client.get(home).loginAs(user).redirects(0)
        assert.equal(landing.status(), 200, `${current} lands on ${home}`)
      })
  }

  test('GET / sends every signed-in role to a page it may open (its home)', async ({
    client,
    assert,
  }) => {
    const wrong: string[] = []
    for (const role of ROLES) {
      const user = await demoUser(role)
      const root = await client.get('/').loginAs(user).redirects(0)
      const location = root.header('location')
      if (root.status() !== 302 || location !== homePathFor(user)) {
        const target = location
          ? await client
              .get(location)
              .loginAs(user)
              .redirects(0)
              .then((response) => response.status())
          : 'none'
        wrong.push(`${role}: / -> ${location} (answers ${target}), expected ${homePathFor(user)}`)
      }
    }
    assert.deepEqual(wrong, [], wrong.join('\n'))
  })
})
