import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import User from '#models/user'
import { ROLES, type Role } from '#enums/roles'
import { hasPermission, type Permission } from '#enums/permissions'

type Rule = Permission | 'public' | 'signed-in'

/**
 * Which permission guards each GET route, from the spec's role tables (part 1
 * section 6, part 2 section 6). A GET route that matches no rule fails the
 * test, so no new page can slip in unguarded.
 */
const RULES: [RegExp, Rule][] = [
  [/^\/(login|simulation|auth\/logout)?$/, 'public'],
  [/^\/(profile|password)$/, 'signed-in'],
  [/^\/dashboard$/, 'dashboard.view'],
  [/^\/officer(\/datatable|\/print\/(pdf|excel))?$/, 'officer.view'],
  [/^\/officer\/(create|batch\/edit(\/format)?|:id\/(edit|role))$/, 'officer.edit'],
  [/^\/fasyankes\/data(\/datatable|\/print\/(pdf|excel))?$/, 'fasyankes.view'],
  [/^\/fasyankes\/data\/(create|batch\/edit(\/format)?|:id\/edit)$/, 'fasyankes.edit'],
  [/^\/fasyankes\/map$/, 'fasyankes.view'],
  [/^\/fasyankes\/inventory$/, 'inventory.view'],
  [/^\/alkes\/data(\/datatable|\/print\/(pdf|excel))?$/, 'alkes.view'],
  [/^\/alkes\/data\/(create|batch\/edit(\/format)?|:id\/edit)$/, 'alkes.edit'],
  [/^\/calibrator\/(data|stock|loan)(\/datatable|\/print\/(pdf|excel))?$/, 'calibrator.view'],
  [/^\/calibrator\/data\/(create|batch\/edit(\/format)?|:id\/edit)$/, 'calibrator.edit'],
  [/^\/report\/(service|yearly|alkes)$/, 'report.view'],
  [/^\/telegram\/connect$/, 'messaging.connect'],
  [/^\/insitu$/, 'insitu.view'],
  [/^\/internal\/create$/, 'internal.create'],
  [/^\/internal\/:id\/(receive|handover)\/print$/, 'internal.proofs'],
  [/^\/internal(\/datatable|\/print\/(pdf|excel)|\/:id(\/.*)?)?$/, 'internal.view'],
]

const PARAMS: Record<string, string> = {
  decision: 'approve',
  type: 'certificate',
  kind: 'certificate',
  format: 'aspak',
}

function ruleFor(pattern: string): Rule | undefined {
  return RULES.find(([regex]) => regex.test(pattern))?.[1]
}

function getRoutes() {
  const json = router.toJSON() as Record<string, { pattern: string; methods: string[] }[]>
  return Object.values(json)
    .flat()
    .filter((route) => route.methods.includes('GET'))
    .map((route) => route.pattern)
}

/** A concrete URL: ids point at nothing, so a permitted role meets 404 and a refused one 403. */
function urlFor(pattern: string) {
  return pattern.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? '999999')
}

test.group('Access matrix (every GET route x every role)', () => {
  test('every GET route is covered by a rule', ({ assert }) => {
    const unknown = getRoutes().filter((pattern) => !ruleFor(pattern))
    assert.deepEqual(unknown, [], `routes without an access rule: ${unknown.join(', ')}`)
  })

  test('a guest is sent to the login page from every protected route', async ({
    client,
    assert,
  }) => {
    for (const pattern of getRoutes()) {
      if (ruleFor(pattern) === 'public') continue
      const response = await client.get(urlFor(pattern)).redirects(0)
      assert.equal(response.status(), 302, pattern)
      assert.equal(response.header('location'), '/login', pattern)
    }
  })

  for (const role of ROLES) {
    test('role {role}: permitted routes answer, the others are forbidden')
      .with([{ role }])
      .run(async ({ client, assert }, { role: current }: { role: Role }) => {
        const user = await User.findByOrFail('email', `${current}@kalibra.test`)
        for (const pattern of getRoutes()) {
          const rule = ruleFor(pattern)!
          if (rule === 'public') continue
          const allowed = rule === 'signed-in' || hasPermission([current], rule)
          const response = await client.get(urlFor(pattern)).loginAs(user).redirects(0)
          const status = response.status()
          if (!allowed) {
            assert.equal(status, 403, `${current} ${pattern}`)
          } else if (pattern.includes(':')) {
            assert.equal(status, 404, `${current} ${pattern}`)
          } else {
            assert.equal(status, 200, `${current} ${pattern}`)
          }
        }
      })
  }
})
