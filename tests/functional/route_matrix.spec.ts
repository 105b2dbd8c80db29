import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ROLES, type Role } from '#enums/roles'
import { hasPermission, type Permission } from '#enums/permissions'
import { ORDER_TYPES, ORDER_TYPE_INFO } from '#workflows/order_types'
import { staffMenu, homePathFor } from '#services/navigation'
import { demoUser } from '#tests/helpers/accounts'

/**
 * Role x route matrix, generated from the routes themselves.
 *
 * Each route carries its guard: the permission of its `can` middleware, the
 * order loader of an order type (which asks for that type's list
 * permission), or just `auth` (any signed-in user). The rule of a route is
 * read from there, so there is no second copy of routes and permissions to
 * keep in step. A route without any guard must be listed as public below,
 * and every sidebar page must be guarded by the permission the sidebar
 * shows it for.
 */
type Rule = Permission[] | 'signed-in'

/** Routes a guest may open (a set-password link works for whoever holds it). */
const PUBLIC_GET = [
  '/',
  '/login',
  '/auth/logout',
  '/simulation',
  '/password/set/:token',
  // The page behind a calibration label's QR code.
  '/verifikasi',
  '/verifikasi/:code',
]
/** Writes a guest may send (the sign-in form, the set-password link form). */
const PUBLIC_WRITE = ['POST /auth/verify', 'POST /password/set/:token']

/** Sidebar pages: href -> the permission the sidebar shows them for. Parents are groups, not pages. */
function menuPages(): Map<string, Permission> {
  const pages = new Map<string, Permission>()
  for (const item of staffMenu()) {
    if (item.children?.length) {
      for (const child of item.children) pages.set(child.href, child.permission)
    } else {
      pages.set(item.href, item.permission)
    }
  }
  return pages
}

/** Sidebar group hrefs (Fasyankes, Alkes, Kalibrator, Laporan): they open a group, they are no page. */
const menuGroups = () =>
  staffMenu()
    .filter((item) => item.children?.length)
    .map((item) => item.href)

/* ------------------------------------------------------------------ reading the router */

interface RouteEntry {
  method: string
  pattern: string
  rule: Rule | 'public' | undefined
}

/** The guard a route carries in its middleware, or undefined when it has none. */
function ruleOf(route: { middleware: { all(): Iterable<{ name?: string; args?: any }> } }) {
  const named = [...route.middleware.all()].filter((entry) => entry.name)
  const permissions: Permission[] = []
  for (const entry of named) {
    if (entry.name === 'can') permissions.push(entry.args as Permission)
    if (entry.name === 'order') {
      // A type-specific group names its type; the shared `/:orderType` routes serve every type.
      // A document read outside the type's list names the permission that reaches its order.
      const types: string[] = entry.args?.type ? [entry.args.type] : [...ORDER_TYPES]
      for (const type of types)
        permissions.push(
          entry.args?.permission ??
            (ORDER_TYPE_INFO as Record<string, { viewPermission: Permission }>)[type].viewPermission
        )
    }
  }
  if (permissions.length) return [...new Set(permissions)]
  return named.some((entry) => entry.name === 'auth') ? ('signed-in' as const) : undefined
}

function routes(): RouteEntry[] {
  const json = router.toJSON() as Record<string, any[]>
  return Object.values(json)
    .flat()
    .flatMap((route) =>
      (route.methods as string[])
        .filter((method) => method !== 'HEAD')
        .map((method) => {
          const key = method === 'GET' ? route.pattern : `${method} ${route.pattern}`
          const isPublic = (method === 'GET' ? PUBLIC_GET : PUBLIC_WRITE).includes(key)
          return {
            method,
            pattern: route.pattern as string,
            rule: isPublic ? 'public' : ruleOf(route),
          }
        })
    )
}

const getRoutes = () => routes().filter((r) => r.method === 'GET')
const writeRoutes = () => routes().filter((r) => r.method !== 'GET')
const getPatterns = () => getRoutes().map((r) => r.pattern)

function getRule(pattern: string) {
  return getRoutes().find((route) => route.pattern === pattern)?.rule
}

function allows(rule: Rule, roles: Role[]) {
  return rule === 'signed-in' || rule.every((permission) => hasPermission(roles, permission))
}

/* ------------------------------------------------------------------ concrete URLs */

/** Real records, so permitted roles open real pages (200); Alat Datang ids point at nothing (404). */
interface Ids {
  officer: number
  /** A staff login without roles: every admin and head may manage its account. */
  roleless: number
  fasyankes: number
  alkes: number
  calibrator: number
}
async function realIds(): Promise<Ids> {
  const officer = await User.findByOrFail('email', 'officer_pk@kalibra.test')
  const roleless = await User.create({
    name: 'Petugas Tanpa Peran',
    email: `tanpa.peran.${process.pid}.${Date.now()}@kalibra.test`,
    password: 'Kuda-Lari-Pagi-2026',
  })
  const first = async (table: string) =>
    db
      .from(table)
      .select('id')
      .orderBy('id')
      .firstOrFail()
      .then((row) => Number(row.id))
  return {
    officer: officer.id,
    roleless: roleless.id,
    fasyankes: await first('fasyankes'),
    alkes: await first('alkes'),
    calibrator: await first('calibrators'),
  }
}

const MISSING = '999999'
const FIXED_PARAMS: Record<string, string> = {
  decision: 'approve',
  orderType: 'internal',
  lab: 'pk',
  date: '2099-01-01',
  type: 'certificate',
  kind: 'certificate',
  format: 'aspak',
  slip: 'order',
}

/** Routes that change an officer's sign-in access take an account every editor may manage. */
const ACCOUNT_ROUTES = ['/officer/:id/password-link', '/officer/:id/sessions/end']

function urlFor(pattern: string, ids: Ids) {
  const id = ACCOUNT_ROUTES.includes(pattern)
    ? String(ids.roleless)
    : pattern.startsWith('/officer/')
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

test.group('Route matrix | every route carries its guard', () => {
  test('every route is public or guarded (auth, a permission, or an order loader)', ({
    assert,
  }) => {
    const unguarded = routes()
      .filter((route) => route.rule === undefined)
      .map((route) => `${route.method} ${route.pattern}`)
    assert.deepEqual(unguarded, [], `routes without a guard: ${unguarded.join(', ')}`)
  })

  test('every sidebar page exists, guarded by the permission the sidebar shows it for', ({
    assert,
  }) => {
    for (const [href, permission] of menuPages()) {
      assert.deepEqual(getRule(href), [permission], `sidebar link ${href}`)
    }
    const patterns = getPatterns()
    for (const href of menuGroups()) assert.notInclude(patterns, href, `group ${href}`)
  })

  test("a list page's datatable and exports are guarded like the page", ({ assert }) => {
    for (const pattern of getPatterns().filter((p) => p.endsWith('/datatable'))) {
      const page = pattern.slice(0, -'/datatable'.length)
      for (const suffix of ['/datatable', '/print/pdf', '/print/excel'])
        assert.deepEqual(getRule(`${page}${suffix}`), getRule(page), `${page}${suffix}`)
    }
  })

  test('the officer list routes are read with officer.view', ({ assert }) => {
    for (const pattern of [
      '/officer',
      '/officer/datatable',
      '/officer/print/pdf',
      '/officer/print/excel',
    ]) {
      assert.deepEqual(getRule(pattern), ['officer.view'], pattern)
    }
  })

  test('the public routes are exactly the listed ones', ({ assert }) => {
    const open = routes()
      .filter((route) => route.rule === 'public')
      .map((route) => (route.method === 'GET' ? route.pattern : `${route.method} ${route.pattern}`))
    assert.sameMembers(open, [...PUBLIC_GET, ...PUBLIC_WRITE])
  })
})

test.group('Route matrix | guests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to /login from every protected GET route', async ({ client, assert }) => {
    const ids = await realIds()
    const wrong: string[] = []
    for (const { pattern, rule } of getRoutes()) {
      if (rule === 'public') continue
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
    for (const { method, pattern, rule } of writeRoutes()) {
      if (rule === 'public') continue
      const key = `${method} ${pattern}`
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
        for (const { pattern, rule } of getRoutes()) {
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
        for (const { method, pattern, rule } of writeRoutes()) {
          if (rule === 'public' || rule === undefined) continue
          const key = `${method} ${pattern}`
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
        const landing = await client.get(home).loginAs(user).withInertia().redirects(0)
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
