import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import UserRole from '#models/user_role'
import {
  DEMO_PASSWORD,
  readSidebar,
  signIn,
  type SidebarItem,
  type SidebarSection,
} from '#tests/helpers/browser'

/*
|--------------------------------------------------------------------------
| The expected sidebars, written from the spec, not from app/services/navigation.ts
|--------------------------------------------------------------------------
| Spec part 1, section 2 'Layout' gives the staff sidebar (order, labels,
| routes, children) and the facility sidebar; section 6 gives the table of
| who sees which menu item. A child route the spec names without a label is
| compared by route only (label '?').
*/

/** Spec part 1 section 6: role names, including the pdp and supervisor roles. */
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

/** 'admin/head of the three labs' (pk, ukpr, sarpras). */
const ADMIN_AND_HEAD = ['pk', 'ukpr', 'sarpras'].flatMap((lab) => [
  `admin_${lab}`,
  `head_of_${lab}_laboratory`,
])

/** Section 6, 'Menu item | Visible to', row by row. */
const VISIBLE_TO: Record<string, string[]> = {
  'Dashboard': ['yantek', 'fasyankes', 'admin_pk'],
  'Alat Datang': ['yantek', 'admin_pk', 'head_of_pk_laboratory', 'officer_pk', 'treasurer'],
  'Insitu': [
    'yantek',
    ...ADMIN_AND_HEAD,
    'officer_pk',
    'officer_ukpr',
    'officer_sarpras',
    'human_resource',
    'treasurer',
  ],
  'Petugas': ADMIN_AND_HEAD,
  'Fasyankes data, map': ['yantek', ...ADMIN_AND_HEAD, 'human_resource'],
  'Fasyankes inventory': ['yantek', ...ADMIN_AND_HEAD],
  'Alkes and Kalibrator menus': ['yantek', ...ADMIN_AND_HEAD],
  'Laporan': ['yantek', ...ADMIN_AND_HEAD, 'human_resource'],
}

type SpecEntry = { label: string; href: string; row: string }
type SpecItem = SpecEntry | { label: string; children: SpecEntry[] }

/** Section 2, 'Sidebar for staff', in the spec's order. */
const STAFF_SIDEBAR: SpecItem[] = [
  { label: 'Dashboard', href: '/dashboard', row: 'Dashboard' },
  { label: 'Alat Datang', href: '/internal', row: 'Alat Datang' },
  { label: 'Insitu', href: '/insitu', row: 'Insitu' },
  { label: 'Petugas', href: '/officer', row: 'Petugas' },
  {
    label: 'Fasyankes',
    children: [
      { label: 'Data', href: '/fasyankes/data', row: 'Fasyankes data, map' },
      { label: 'Persebaran', href: '/fasyankes/map', row: 'Fasyankes data, map' },
      { label: 'Inventory', href: '/fasyankes/inventory', row: 'Fasyankes inventory' },
    ],
  },
  {
    label: 'Alkes',
    children: [{ label: '?', href: '/alkes/data', row: 'Alkes and Kalibrator menus' }],
  },
  {
    label: 'Kalibrator',
    children: [
      { label: 'Data', href: '/calibrator/data', row: 'Alkes and Kalibrator menus' },
      { label: 'Monitor Stok', href: '/calibrator/stock', row: 'Alkes and Kalibrator menus' },
      { label: 'Peminjaman', href: '/calibrator/loan', row: 'Alkes and Kalibrator menus' },
    ],
  },
  {
    label: 'Laporan',
    children: [
      { label: '?', href: '/report/service', row: 'Laporan' },
      { label: '?', href: '/report/yearly', row: 'Laporan' },
      { label: '?', href: '/report/alkes', row: 'Laporan' },
      // The berita acara and PNBP reports of spec part 2 (their paths are ours: docs/decisions.md).
      { label: 'Berita Acara', href: '/report/berita-acara', row: 'Laporan' },
      { label: 'PNBP', href: '/report/pnbp', row: 'Laporan' },
    ],
  },
]

/** Section 2, 'Sidebar for facility users' (Dashboard outside the two groups). */
const FACILITY_SIDEBAR: SidebarSection[] = [
  { title: null, items: [{ label: 'Dashboard', href: '/dashboard' }] },
  {
    title: 'Layanan Kalibrasi',
    items: [
      { label: 'Alat Datang', href: '/internal' },
      { label: 'Insitu', href: '/insitu' },
    ],
  },
  { title: 'Laporan', items: [{ label: 'Inventory', href: '/fasyankes/inventory' }] },
]

const visible = (row: string, roles: string[]) =>
  roles.some((role) => VISIBLE_TO[row].includes(role))

/** The staff sidebar the spec gives a user holding `roles` (one section, no title). */
function expectedStaffSidebar(roles: string[]): SidebarSection[] {
  const items = STAFF_SIDEBAR.flatMap<SidebarItem>((item) => {
    if ('href' in item)
      return visible(item.row, roles) ? [{ label: item.label, href: item.href }] : []
    const children = item.children.filter((child) => visible(child.row, roles))
    return children.length
      ? [{ label: item.label, children: children.map(({ label, href }) => ({ label, href })) }]
      : []
  })
  return [{ title: null, items }]
}

function expectedSidebar(roles: string[]) {
  return roles.includes('fasyankes') ? FACILITY_SIDEBAR : expectedStaffSidebar(roles)
}

/** Children the spec names by route only are compared by route. */
const UNLABELLED = new Set(
  STAFF_SIDEBAR.flatMap((item) => ('children' in item ? item.children : []))
    .filter((child) => child.label === '?')
    .map((child) => child.href)
)
function comparable(sections: SidebarSection[]): SidebarSection[] {
  return sections
    .map((section) => ({
      title: section.title,
      items: section.items.map((item): SidebarItem =>
        item.children
          ? {
              label: item.label,
              children: item.children.map((child) => ({
                label: UNLABELLED.has(child.href) ? '?' : child.label,
                href: child.href,
              })),
            }
          : { label: item.label, href: item.href }
      ),
    }))
    .filter((section) => section.items.length > 0)
}

test.group('Sign-in through the login form: each role sees exactly the spec sidebar', () => {
  for (const role of SPEC_ROLES) {
    test(`${role}@kalibra.test`, async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await signIn(page, `${role}@kalibra.test`)
      assert.deepEqual(comparable(await readSidebar(page)), comparable(expectedSidebar([role])))
    })
  }

  test('the second facility account (fasyankes2) gets the facility sidebar too', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'fasyankes2@kalibra.test')
    assert.deepEqual(comparable(await readSidebar(page)), comparable(FACILITY_SIDEBAR))
  })

  test('the sidebar carries the 2023-2025 footer note and marks the current page').run(
    async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await signIn(page, 'admin_pk@kalibra.test')
      const nav = page.getByRole('navigation', { name: 'Menu utama' })
      assert.include(await nav.innerText(), '2023-2025')
      await nav.getByRole('link', { name: 'Petugas' }).click()
      await page.waitForURL('**/officer')
      assert.equal(
        await nav.getByRole('link', { name: 'Petugas' }).getAttribute('aria-current'),
        'page'
      )
      assert.isNull(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'))
    }
  )
})

test.group('Sign-in: a user with several roles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('treasurer + human_resource sees the union of both sidebars', async ({
    browserContext,
    assert,
  }) => {
    const user = await User.create({
      name: 'Peran Ganda Uji',
      email: 'peran.ganda@kalibra.test',
      password: DEMO_PASSWORD,
      position: 'Bendahara dan Kepegawaian',
    })
    await UserRole.createMany([
      { userId: user.id, role: 'treasurer' },
      { userId: user.id, role: 'human_resource' },
    ])

    const page = await browserContext.newPage()
    await signIn(page, 'peran.ganda@kalibra.test')
    const expected = expectedSidebar(['treasurer', 'human_resource'])
    assert.deepEqual(comparable(await readSidebar(page)), comparable(expected))
    // Sanity check of the expectation itself: more than either role alone.
    assert.isAbove(expected[0].items.length, expectedSidebar(['treasurer'])[0].items.length)
    assert.isAbove(expected[0].items.length, expectedSidebar(['human_resource'])[0].items.length)
  })
})

test.group('Sign-in: the login screen', () => {
  test(
    'shows the welcome headline, the tariff simulation link, the contact link and the theme toggle'
  ).run(async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.goto('/login')
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Selamat Datang')
    assert.equal(
      await page.getByRole('link', { name: 'Simulasi Tarif' }).getAttribute('href'),
      '/simulation'
    )
    assert.match(
      String(await page.getByRole('link', { name: /Hubungi kami/ }).getAttribute('href')),
      /^mailto:/
    )
    assert.isTrue(await page.getByRole('button', { name: /^Mode (gelap|terang)$/ }).isVisible())
    await page.getByRole('link', { name: 'Simulasi Tarif' }).click()
    await page.waitForURL('**/simulation')
    await page.getByText('Simulasi Tarif').first().waitFor()
  })

  test(
    'a wrong password says "Email atau kata sandi salah." under the email and keeps the typed email'
  ).run(async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill('yantek@kalibra.test')
    await page.getByLabel('Kata Sandi').fill('bukan-sandinya')
    await page.getByRole('button', { name: 'Masuk' }).click()

    const error = page.getByRole('alert').filter({ hasText: 'Email atau kata sandi salah.' })
    await error.waitFor()
    assert.equal(new URL(page.url()).pathname, '/login')
    assert.equal(await page.getByLabel('Email').inputValue(), 'yantek@kalibra.test')
    assert.equal(await page.getByLabel('Kata Sandi').inputValue(), '')
    assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true')
    assert.equal(
      await page.getByLabel('Email').getAttribute('aria-describedby'),
      await error.getAttribute('id')
    )
  })

  test(
    'an unknown email gets the very same message (it does not tell whether the email exists)'
  ).run(async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill('tidak.terdaftar@kalibra.test')
    await page.getByLabel('Kata Sandi').fill('apa-saja-123')
    await page.getByRole('button', { name: 'Masuk' }).click()
    await page.getByRole('alert').filter({ hasText: 'Email atau kata sandi salah.' }).waitFor()
    assert.equal(await page.getByLabel('Email').inputValue(), 'tidak.terdaftar@kalibra.test')
  })

  test('a successful sign-in greets the user with a toast', async ({ browserContext }) => {
    const user = await User.findByOrFail('email', 'yantek@kalibra.test')
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await page
      .getByRole('status')
      .filter({ hasText: `Selamat datang, ${user.name}` })
      .waitFor()
  })
})
