import type User from '#models/user'
import type { Permission } from '#enums/permissions'

/**
 * The sidebar of spec part 1 (section 2 and the menu table of section 6),
 * filtered by the permission map. Pages receive only the entries the user may
 * open; the routes check the same permissions on the server.
 */
export type MenuIcon =
  | 'dashboard'
  | 'incoming'
  | 'insitu'
  | 'officer'
  | 'facility'
  | 'device'
  | 'calibrator'
  | 'report'
  | 'inventory'

export interface MenuItem {
  label: string
  href: string
  icon?: MenuIcon
  permission: Permission
  children?: MenuItem[]
}

/** What a page receives: plain JSON, without the permission names. */
export type VisibleMenuItem = {
  label: string
  href: string
  icon: MenuIcon | null
  children: VisibleMenuItem[] | null
}

export type MenuSection = {
  title: string | null
  items: VisibleMenuItem[]
}

/** A child entry: its label, its path under the parent, and its own permission if not the parent's. */
type Child = [label: string, path: string, permission?: Permission]

function entry(
  label: string,
  href: string,
  icon: MenuIcon,
  permission: Permission,
  children?: Child[]
): MenuItem {
  return {
    label,
    href,
    icon,
    permission,
    children: children?.map(([childLabel, path, own]) => ({
      label: childLabel,
      href: `${href}/${path}`,
      permission: own ?? permission,
    })),
  }
}

const DASHBOARD = entry('Dashboard', '/dashboard', 'dashboard', 'dashboard.view')
const INCOMING = entry('Alat Datang', '/internal', 'incoming', 'internal.view')
const INSITU = entry('Insitu', '/insitu', 'insitu', 'insitu.view')

export const STAFF_MENU: MenuItem[] = [
  DASHBOARD,
  INCOMING,
  INSITU,
  entry('Petugas', '/officer', 'officer', 'officer.view'),
  entry('Fasyankes', '/fasyankes', 'facility', 'fasyankes.view', [
    ['Data', 'data'],
    ['Persebaran', 'map'],
    ['Inventory', 'inventory', 'inventory.view'],
  ]),
  entry('Alkes', '/alkes', 'device', 'alkes.view', [['Data', 'data']]),
  entry('Kalibrator', '/calibrator', 'calibrator', 'calibrator.view', [
    ['Data', 'data'],
    ['Monitor Stok', 'stock'],
    ['Peminjaman', 'loan'],
  ]),
  entry('Laporan', '/report', 'report', 'report.view', [
    ['Layanan', 'service'],
    ['Tahunan', 'yearly'],
    ['Alkes', 'alkes'],
    ['Berita Acara', 'berita-acara'],
    ['PNBP', 'pnbp'],
  ]),
]

const FACILITY_MENU: { title: string | null; items: MenuItem[] }[] = [
  { title: null, items: [DASHBOARD] },
  { title: 'Layanan Kalibrasi', items: [INCOMING, INSITU] },
  {
    title: 'Laporan',
    items: [entry('Inventory', '/fasyankes/inventory', 'inventory', 'inventory.view')],
  },
]

function visible(items: MenuItem[], user: User): VisibleMenuItem[] {
  return items
    .filter((item) => user.can(item.permission))
    .map((item) => ({
      label: item.label,
      href: item.href,
      icon: item.icon ?? null,
      children: item.children ? visible(item.children, user) : null,
    }))
}

export function menuFor(user: User): MenuSection[] {
  if (user.isFacility) {
    return FACILITY_MENU.map((section) => ({
      title: section.title,
      items: visible(section.items, user),
    }))
  }
  return [{ title: null, items: visible(STAFF_MENU, user) }]
}

/** Where a user lands after signing in: the first page their menu offers, else their profile. */
export function homePathFor(user: User): string {
  const pages = menuFor(user)
    .flatMap((section) => section.items)
    .flatMap((item) => (item.children ? item.children.map((child) => child.href) : [item.href]))
  return pages[0] ?? '/profile'
}
