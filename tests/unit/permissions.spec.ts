import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  PERMISSIONS,
  PERMISSION_NAMES,
  hasPermission,
  permissionsOf,
  rolesWith,
  type Permission,
} from '#enums/permissions'
import { ROLES, STAFF_ROLES, type Role } from '#enums/roles'
import { staffMenu, homePathFor, menuFor, type MenuSection } from '#services/navigation'
import { cleanQuery, pageWindow, paginate, PAGE_SIZES, DEFAULT_PAGE_SIZE } from '#lists/datatable'
import { userWithRoles } from '#tests/helpers/accounts'

/* ------------------------------------------------------------------ the spec, written out by hand */

/** Spec part 1 section 6: the role names, with the pdp and supervisor roles of the role editor. */
const SPEC_ROLES = [
  'fasyankes',
  'yantek',
  'admin_pk',
  'head_of_pk_laboratory',
  'officer_pk',
  'treasurer',
  'admin_ukpr',
  'head_of_ukpr_laboratory',
  'officer_ukpr',
  'admin_sarpras',
  'head_of_sarpras_laboratory',
  'officer_sarpras',
  'human_resource',
  'admin_pdp',
  'officer_pdp',
  'head_of_pdp_laboratory',
  'supervisor_of_pk_laboratory',
  'supervisor_of_ukpr_laboratory',
  'supervisor_of_sarpras_laboratory',
  'supervisor_of_pdp_laboratory',
]

/** "admin and head of the three labs" (PK, UKPR, Sarpras; not PDP). */
const ADMIN_AND_HEAD_OF_THREE_LABS = [
  'admin_pk',
  'head_of_pk_laboratory',
  'admin_ukpr',
  'head_of_ukpr_laboratory',
  'admin_sarpras',
  'head_of_sarpras_laboratory',
]

/** The menu table of section 6 (staff rows), plus fasyankes where its own sidebar shows the item. */
const SPEC_MENU_ROLES = {
  'Dashboard': ['yantek', 'fasyankes', 'admin_pk'],
  'Alat Datang': [
    'yantek',
    'admin_pk',
    'head_of_pk_laboratory',
    'officer_pk',
    'treasurer',
    'fasyankes',
  ],
  'Insitu': [
    'yantek',
    ...ADMIN_AND_HEAD_OF_THREE_LABS,
    'officer_pk',
    'officer_ukpr',
    'officer_sarpras',
    'human_resource',
    'treasurer',
    'fasyankes',
  ],
  'Petugas': ADMIN_AND_HEAD_OF_THREE_LABS,
  'Fasyankes data, map': ['yantek', ...ADMIN_AND_HEAD_OF_THREE_LABS, 'human_resource'],
  'Fasyankes inventory': ['yantek', ...ADMIN_AND_HEAD_OF_THREE_LABS, 'fasyankes'],
  'Alkes and Kalibrator': ['yantek', ...ADMIN_AND_HEAD_OF_THREE_LABS],
  'Laporan': ['yantek', ...ADMIN_AND_HEAD_OF_THREE_LABS, 'human_resource'],
} satisfies Record<string, string[]>

type SpecRow = keyof typeof SPEC_MENU_ROLES

/** The staff sidebar of section 2 (Layout), in order, each entry tied to its row of the table. */
interface SpecEntry {
  label: string
  href: string
  row: SpecRow
  children?: SpecEntry[]
}
const SPEC_STAFF_SIDEBAR: SpecEntry[] = [
  { label: 'Dashboard', href: '/dashboard', row: 'Dashboard' },
  { label: 'Alat Datang', href: '/internal', row: 'Alat Datang' },
  { label: 'Insitu', href: '/insitu', row: 'Insitu' },
  { label: 'Petugas', href: '/officer', row: 'Petugas' },
  {
    label: 'Fasyankes',
    href: '/fasyankes',
    row: 'Fasyankes data, map',
    children: [
      { label: 'Data', href: '/fasyankes/data', row: 'Fasyankes data, map' },
      { label: 'Persebaran', href: '/fasyankes/map', row: 'Fasyankes data, map' },
      { label: 'Inventory', href: '/fasyankes/inventory', row: 'Fasyankes inventory' },
    ],
  },
  {
    label: 'Alkes',
    href: '/alkes',
    row: 'Alkes and Kalibrator',
    children: [{ label: 'Data', href: '/alkes/data', row: 'Alkes and Kalibrator' }],
  },
  {
    label: 'Kalibrator',
    href: '/calibrator',
    row: 'Alkes and Kalibrator',
    children: [
      { label: 'Data', href: '/calibrator/data', row: 'Alkes and Kalibrator' },
      { label: 'Monitor Stok', href: '/calibrator/stock', row: 'Alkes and Kalibrator' },
      { label: 'Peminjaman', href: '/calibrator/loan', row: 'Alkes and Kalibrator' },
    ],
  },
  {
    label: 'Laporan',
    href: '/report',
    row: 'Laporan',
    children: [
      { label: 'Layanan', href: '/report/service', row: 'Laporan' },
      { label: 'Tahunan', href: '/report/yearly', row: 'Laporan' },
      { label: 'Alkes', href: '/report/alkes', row: 'Laporan' },
      // The berita acara and PNBP reports of spec part 2, under the same menu and roles.
      { label: 'Berita Acara', href: '/report/berita-acara', row: 'Laporan' },
      { label: 'PNBP', href: '/report/pnbp', row: 'Laporan' },
    ],
  },
]

/** Section 2: facility users get Dashboard, group Layanan Kalibrasi (Alat Datang, Insitu), group Laporan (Inventory). */
const SPEC_FACILITY_SIDEBAR = [
  { title: null, items: [{ label: 'Dashboard', href: '/dashboard', children: null }] },
  {
    title: 'Layanan Kalibrasi',
    items: [
      { label: 'Alat Datang', href: '/internal', children: null },
      { label: 'Insitu', href: '/insitu', children: null },
    ],
  },
  {
    title: 'Laporan',
    items: [{ label: 'Inventory', href: '/fasyankes/inventory', children: null }],
  },
]

type PlainItem = { label: string; href: string; children: PlainItem[] | null }

function specStaffMenu(roles: Role[]): PlainItem[] {
  const sees = (entry: SpecEntry) =>
    roles.some((role) => (SPEC_MENU_ROLES[entry.row] as string[]).includes(role))
  const build = (entries: SpecEntry[]): PlainItem[] =>
    entries.filter(sees).map((entry) => ({
      label: entry.label,
      href: entry.href,
      children: entry.children ? build(entry.children) : null,
    }))
  return build(SPEC_STAFF_SIDEBAR)
}

/** The menu without icons, so it compares with the spec (which names no icons). */
function plain(sections: MenuSection[]) {
  const strip = (items: MenuSection['items']): PlainItem[] =>
    items.map((item) => ({
      label: item.label,
      href: item.href,
      children: item.children ? strip(item.children) : null,
    }))
  return sections.map((section) => ({ title: section.title, items: strip(section.items) }))
}

/** Which permission guards each menu entry, read from the staff menu by href. */
function menuPermission(href: string): Permission {
  for (const item of staffMenu()) {
    if (item.href === href) return item.permission
    const child = item.children?.find((c) => c.href === href)
    if (child) return child.permission
  }
  throw new Error(`no menu entry for ${href}`)
}

/* ------------------------------------------------------------------ roles */

test.group('Roles', () => {
  test('every role the spec names exists, and no other', ({ assert }) => {
    assert.sameMembers([...ROLES], SPEC_ROLES)
    assert.lengthOf(new Set(ROLES), ROLES.length, 'no role listed twice')
  })

  test('staff roles are every role but fasyankes', ({ assert }) => {
    assert.sameMembers(
      [...STAFF_ROLES],
      SPEC_ROLES.filter((role) => role !== 'fasyankes')
    )
  })
})

/* ------------------------------------------------------------------ the permission map */

test.group('Permission map', () => {
  test('each entry names only known roles, each once', ({ assert }) => {
    for (const [permission, roles] of Object.entries(PERMISSIONS)) {
      for (const role of roles) assert.include(ROLES, role, `${permission}: ${role}`)
      assert.lengthOf(new Set(roles), roles.length, `${permission} lists a role twice`)
    }
  })

  for (const entry of SPEC_STAFF_SIDEBAR.flatMap((e) => [e, ...(e.children ?? [])])) {
    test(
      'the permission behind menu entry {label} ({href}) is held by exactly the roles of row "{row}"'
    )
      .with([entry])
      .run(({ assert }, current) => {
        assert.sameMembers(
          [...rolesWith(menuPermission(current.href))],
          SPEC_MENU_ROLES[current.row],
          `${current.label} ${current.href}`
        )
      })
  }

  test('edit actions of the lists: alkes, calibrator and facility as the spec says', ({
    assert,
  }) => {
    assert.sameMembers(
      [...rolesWith('alkes.edit')],
      ['head_of_pk_laboratory', 'admin_pk', 'yantek']
    )
    assert.sameMembers([...rolesWith('calibrator.edit')], ['head_of_pk_laboratory', 'admin_pk'])
    assert.sameMembers([...rolesWith('fasyankes.edit')], ['yantek'])
  })

  test('whoever may act on a list may also open it', ({ assert }) => {
    const pairs: [Permission, Permission][] = [
      ['officer.edit', 'officer.view'],
      ['fasyankes.edit', 'fasyankes.view'],
      ['alkes.edit', 'alkes.view'],
      ['calibrator.edit', 'calibrator.view'],
      ['internal.create', 'internal.view'],
      ['internal.proofs', 'internal.view'],
    ]
    for (const [action, view] of pairs) {
      for (const role of rolesWith(action)) {
        assert.isTrue(hasPermission([role], view), `${role} has ${action} but not ${view}`)
      }
    }
  })

  test('the messaging connect link is for every staff role and never for fasyankes', ({
    assert,
  }) => {
    assert.sameMembers([...rolesWith('messaging.connect')], [...STAFF_ROLES])
    assert.isFalse(hasPermission(['fasyankes'], 'messaging.connect'))
  })

  test('fasyankes sees only Dashboard, Alat Datang, Insitu and Inventory', ({ assert }) => {
    // The invoice page is reached from an order, not from the menu.
    const viewPermissions = PERMISSION_NAMES.filter(
      (name) => (name.endsWith('.view') && name !== 'invoice.view') || name === 'messaging.connect'
    )
    assert.sameMembers(
      viewPermissions.filter((name) => hasPermission(['fasyankes'], name)),
      ['dashboard.view', 'internal.view', 'insitu.view', 'inventory.view']
    )
    for (const name of ['officer.edit', 'fasyankes.edit', 'alkes.edit', 'calibrator.edit'] as const)
      assert.isFalse(hasPermission(['fasyankes'], name), name)
  })

  test('supervisor and pdp roles hold no menu permission (the table does not name them)', ({
    assert,
  }) => {
    const silent: Role[] = [
      'supervisor_of_pk_laboratory',
      'supervisor_of_ukpr_laboratory',
      'supervisor_of_sarpras_laboratory',
      'supervisor_of_pdp_laboratory',
      'admin_pdp',
      'head_of_pdp_laboratory',
      'officer_pdp',
    ]
    for (const role of silent) {
      const held = PERMISSION_NAMES.filter((name) => hasPermission([role], name))
      // Only what every staff member has outside the sidebar: the top bar's task list, messaging;
      // and the PDP head reads on-site assignment letters (spec part 2 section 6).
      const letters =
        role === 'head_of_pdp_laboratory'
          ? ['insitu.assignment_letter', 'insitu.assignment_letter.every_lab']
          : []
      assert.sameMembers(held, ['tasks.view', 'messaging.connect', ...letters], role)
    }
  })
})

/* ------------------------------------------------------------------ hasPermission */

test.group('hasPermission', () => {
  test('one role', ({ assert }) => {
    assert.isTrue(hasPermission(['admin_pk'], 'dashboard.view'))
    assert.isFalse(hasPermission(['head_of_pk_laboratory'], 'dashboard.view'))
    assert.isTrue(hasPermission(['head_of_sarpras_laboratory'], 'officer.view'))
    assert.isFalse(hasPermission(['head_of_pdp_laboratory'], 'officer.view'))
    assert.isTrue(hasPermission(['human_resource'], 'fasyankes.view'))
    assert.isFalse(hasPermission(['human_resource'], 'inventory.view'))
    assert.isTrue(hasPermission(['treasurer'], 'internal.view'))
    assert.isFalse(hasPermission(['treasurer'], 'report.view'))
    assert.isFalse(hasPermission(['officer_ukpr'], 'internal.view'))
    assert.isTrue(hasPermission(['officer_ukpr'], 'insitu.view'))
  })

  test('several roles: any of them is enough', ({ assert }) => {
    assert.isTrue(hasPermission(['officer_pdp', 'treasurer'], 'internal.view'))
    assert.isTrue(hasPermission(['treasurer', 'human_resource'], 'report.view'))
    assert.isFalse(hasPermission(['treasurer', 'human_resource'], 'officer.view'))
    assert.isFalse(hasPermission(['treasurer', 'human_resource'], 'alkes.view'))
    assert.isTrue(hasPermission(['officer_pk', 'head_of_ukpr_laboratory'], 'calibrator.view'))
  })

  test('no role, or a role the app does not know, grants nothing', ({ assert }) => {
    for (const name of PERMISSION_NAMES) {
      assert.isFalse(hasPermission([], name), name)
      assert.isFalse(hasPermission(['superadmin' as Role], name), name)
    }
  })

  test('permissionsOf gives one flag per permission, equal to hasPermission', ({ assert }) => {
    for (const roles of [
      [],
      ['fasyankes'],
      ['yantek'],
      ['treasurer', 'human_resource'],
    ] as Role[][]) {
      const flags = permissionsOf(roles)
      assert.sameMembers(Object.keys(flags), PERMISSION_NAMES)
      for (const name of PERMISSION_NAMES) assert.equal(flags[name], hasPermission(roles, name))
    }
  })

  test('User#can reads the same map', ({ assert }) => {
    const user = userWithRoles(['head_of_ukpr_laboratory'])
    for (const name of PERMISSION_NAMES) {
      assert.equal(user.can(name), hasPermission(['head_of_ukpr_laboratory'], name), name)
    }
  })
})

/* ------------------------------------------------------------------ sidebar and home page */

test.group('Sidebar (menuFor)', () => {
  for (const role of STAFF_ROLES) {
    test('staff role {role} sees exactly the spec sidebar')
      .with([{ role }])
      .run(({ assert }, { role: current }) => {
        const menu = plain(menuFor(userWithRoles([current])))
        assert.deepEqual(menu, [{ title: null, items: specStaffMenu([current]) }])
      })
  }

  test('fasyankes sees Dashboard and the groups Layanan Kalibrasi and Laporan', ({ assert }) => {
    const menu = plain(menuFor(userWithRoles(['fasyankes'], { fasyankesId: 1 })))
    assert.deepEqual(menu, SPEC_FACILITY_SIDEBAR)
  })

  test('human_resource: Fasyankes has Data and Persebaran but not Inventory', ({ assert }) => {
    const [section] = plain(menuFor(userWithRoles(['human_resource'])))
    const facility = section.items.find((item) => item.label === 'Fasyankes')
    assert.deepEqual(
      facility?.children?.map((child) => [child.label, child.href]),
      [
        ['Data', '/fasyankes/data'],
        ['Persebaran', '/fasyankes/map'],
      ]
    )
    assert.deepEqual(
      section.items.map((item) => item.label),
      ['Insitu', 'Fasyankes', 'Laporan']
    )
  })

  test('yantek sees the whole staff sidebar, with every child', ({ assert }) => {
    const [section] = plain(menuFor(userWithRoles(['yantek'])))
    assert.deepEqual(
      section.items.map((item) => [item.label, item.href, item.children?.length ?? 0]),
      [
        ['Dashboard', '/dashboard', 0],
        ['Alat Datang', '/internal', 0],
        ['Insitu', '/insitu', 0],
        ['Fasyankes', '/fasyankes', 3],
        ['Alkes', '/alkes', 1],
        ['Kalibrator', '/calibrator', 3],
        ['Laporan', '/report', 5],
      ]
    )
  })

  test('a user holding several roles sees the union, in the sidebar order', ({ assert }) => {
    const menu = plain(menuFor(userWithRoles(['treasurer', 'head_of_ukpr_laboratory'])))
    assert.deepEqual(menu, [
      { title: null, items: specStaffMenu(['treasurer', 'head_of_ukpr_laboratory']) },
    ])
    assert.deepEqual(
      menu[0].items.map((item) => item.label),
      ['Alat Datang', 'Insitu', 'Petugas', 'Fasyankes', 'Alkes', 'Kalibrator', 'Laporan']
    )
  })

  test('no child is hidden behind a parent its roles cannot see', ({ assert }) => {
    for (const parent of staffMenu()) {
      for (const child of parent.children ?? []) {
        for (const role of STAFF_ROLES.filter((r) => hasPermission([r], child.permission))) {
          assert.isTrue(
            hasPermission([role], parent.permission),
            `${role} may open ${child.href} but cannot see ${parent.label}`
          )
        }
      }
    }
  })

  test('pages get plain JSON: no permission names leak into the menu', ({ assert }) => {
    const json = JSON.stringify(menuFor(userWithRoles(['yantek'])))
    assert.notInclude(json, 'permission')
    assert.notInclude(json, '.view')
  })
})

test.group('Home page after sign-in (homePathFor)', () => {
  const HOME: Record<Role, string> = {
    fasyankes: '/dashboard',
    yantek: '/dashboard',
    admin_pk: '/dashboard',
    treasurer: '/internal',
    head_of_pk_laboratory: '/internal',
    officer_pk: '/internal',
    // Insitu comes first in these menus (issue 11 built it).
    human_resource: '/insitu',
    admin_ukpr: '/insitu',
    head_of_ukpr_laboratory: '/insitu',
    officer_ukpr: '/insitu',
    admin_sarpras: '/insitu',
    head_of_sarpras_laboratory: '/insitu',
    officer_sarpras: '/insitu',
    // Roles the menu table does not name have no sidebar entry: they land on their profile.
    supervisor_of_pk_laboratory: '/profile',
    supervisor_of_ukpr_laboratory: '/profile',
    supervisor_of_sarpras_laboratory: '/profile',
    supervisor_of_pdp_laboratory: '/profile',
    admin_pdp: '/profile',
    head_of_pdp_laboratory: '/profile',
    officer_pdp: '/profile',
  }

  for (const role of ROLES) {
    test('{role} lands on {home}')
      .with([{ role, home: HOME[role] }])
      .run(({ assert }, { role: current, home }) => {
        const user = userWithRoles([current], current === 'fasyankes' ? { fasyankesId: 1 } : {})
        assert.equal(homePathFor(user), home)
        if (home !== '/profile') {
          const hrefs = menuFor(user).flatMap((s) =>
            s.items.flatMap((i) => [i.href, ...(i.children ?? []).map((c) => c.href)])
          )
          assert.include(hrefs, home, 'the home page is an entry of the sidebar')
          assert.isTrue(user.can(menuPermission(home)), 'the home page is one the user may open')
        }
      })
  }

  test('a parent entry sends to its first child, never to the group href', ({ assert }) => {
    // A role whose only entries are groups lands on the first group's first child.
    const user = userWithRoles(['yantek'])
    const entries = menuFor(user).flatMap((section) => section.items)
    const firstGroup = entries.find((item) => item.children)
    assert.exists(firstGroup)
    assert.notEqual(homePathFor(user), firstGroup!.href)
    for (const role of STAFF_ROLES) {
      assert.notInclude(
        ['/fasyankes', '/alkes', '/calibrator', '/report'],
        homePathFor(userWithRoles([role])),
        role
      )
    }
  })

  test('several roles: the first entry of the combined sidebar', ({ assert }) => {
    assert.equal(homePathFor(userWithRoles(['officer_ukpr', 'admin_pk'])), '/dashboard')
    assert.equal(homePathFor(userWithRoles(['human_resource', 'treasurer'])), '/internal')
  })
})

/* ------------------------------------------------------------------ shared table helpers */

test.group('Data table helpers', () => {
  test('page sizes are 5, 10, 20, 50, 100 with 20 by default', ({ assert }) => {
    assert.deepEqual([...PAGE_SIZES], [5, 10, 20, 50, 100])
    assert.equal(DEFAULT_PAGE_SIZE, 20)
  })

  test('pageWindow: first, last and the neighbours of the current page, gaps as "..."', ({
    assert,
  }) => {
    assert.deepEqual(pageWindow(1, 1), [1])
    assert.deepEqual(pageWindow(1, 2), [1, 2])
    assert.deepEqual(pageWindow(2, 3), [1, 2, 3])
    assert.deepEqual(pageWindow(1, 10), [1, 2, '...', 10])
    assert.deepEqual(pageWindow(3, 10), [1, 2, 3, 4, '...', 10])
    assert.deepEqual(pageWindow(5, 10), [1, '...', 4, 5, 6, '...', 10])
    assert.deepEqual(pageWindow(10, 10), [1, '...', 9, 10])
    assert.deepEqual(pageWindow(500, 1000), [1, '...', 499, 500, 501, '...', 1000])
  })

  test('pageWindow stays short however many pages there are', ({ assert }) => {
    for (const last of [1, 7, 50, 5000]) {
      for (const current of [1, 2, Math.ceil(last / 2), last - 1, last].filter(
        (p) => p >= 1 && p <= last
      )) {
        const pages = pageWindow(current, last)
        assert.isAtMost(pages.length, 7, `${current}/${last}`)
        assert.equal(pages[0], 1)
        assert.equal(pages.at(-1), last)
        assert.include(pages, current)
        const numbers = pages.filter((p): p is number => p !== '...')
        assert.deepEqual(
          numbers,
          [...numbers].sort((a, b) => a - b),
          'ascending'
        )
        assert.lengthOf(new Set(numbers), numbers.length, 'no page twice')
      }
    }
  })

  // Issue 8, point 10: arrays and objects are no longer reduced to one value (or dropped); they
  // reach the validator, which refuses them with the field's message.
  test('cleanQuery trims strings, drops empty ones and passes arrays and objects on to the validator', ({
    assert,
  }) => {
    assert.deepEqual(
      cleanQuery({
        search: '  rumah  ',
        name: ['Andi', 'Budi'],
        nip: '',
        rank: '   ',
        position: { nested: 'x' },
        page: '2',
      }),
      { search: 'rumah', name: ['Andi', 'Budi'], position: { nested: 'x' }, page: '2' }
    )
  })

  test('paginate answers the spec payload', async ({ assert }) => {
    const counted = await db.from('provinces').count('* as total').first()
    const total = Number(counted?.total)
    assert.isAbove(total, 30, 'reference provinces are seeded')
    const query = db.from('provinces').select('code', 'name').orderBy('code')
    const page = await paginate(query, {
      page: 2,
      limit: 5,
      baseUrl: '/province/datatable',
      qs: { search: 'a', limit: '5', page: '2' },
    })
    assert.deepInclude(page, {
      from: 6,
      to: 10,
      total,
      per_page: 5,
      current_page: 2,
      last_page: Math.ceil(total / 5),
    })
    assert.lengthOf(page.data, 5)
    const prev = page.links[0]
    const next = page.links.at(-1)!
    assert.deepEqual(prev, {
      url: '/province/datatable?search=a&limit=5&page=1',
      label: '&laquo; Sebelumnya',
      active: false,
    })
    assert.deepEqual(next, {
      url: '/province/datatable?search=a&limit=5&page=3',
      label: 'Berikutnya &raquo;',
      active: false,
    })
    const numbered = page.links.slice(1, -1)
    assert.deepEqual(
      numbered.map((link) => link.label),
      pageWindow(2, Math.ceil(total / 5)).map(String)
    )
    assert.deepEqual(
      numbered.filter((link) => link.active).map((link) => link.label),
      ['2']
    )
    for (const link of numbered) {
      if (link.label === '...') assert.isNull(link.url)
      else assert.equal(link.url, `/province/datatable?search=a&limit=5&page=${link.label}`)
    }
  })

  test('paginate: a page past the end is the last page; no rows is an empty first page', async ({
    assert,
  }) => {
    const query = db.from('provinces').select('code').orderBy('code')
    const past = await paginate(query, { page: 999, limit: 10, baseUrl: '/x', qs: {} })
    assert.equal(past.current_page, past.last_page)
    assert.equal(past.to, past.total)
    assert.isNull(past.links.at(-1)!.url, 'no next page from the last one')

    const none = await paginate(db.from('provinces').select('code').where('code', 'tidak-ada'), {
      page: 3,
      baseUrl: '/x',
      qs: {},
    })
    assert.deepInclude(none, {
      data: [],
      from: null,
      to: null,
      total: 0,
      per_page: 20,
      current_page: 1,
      last_page: 1,
    })
    assert.isNull(none.links[0].url)
    assert.isNull(none.links.at(-1)!.url)
  })
})
