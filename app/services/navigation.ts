import type User from '#models/user'
import type { Permission } from '#enums/permissions'
import { isPending } from '#services/pending_modules'

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

const DASHBOARD: MenuItem = {
  label: 'Dashboard',
  href: '/dashboard',
  icon: 'dashboard',
  permission: 'dashboard.view',
}
const INCOMING: MenuItem = {
  label: 'Alat Datang',
  href: '/internal',
  icon: 'incoming',
  permission: 'internal.view',
}
const INSITU: MenuItem = {
  label: 'Insitu',
  href: '/insitu',
  icon: 'insitu',
  permission: 'insitu.view',
}
const INVENTORY_HREF = '/fasyankes/inventory'

export const STAFF_MENU: MenuItem[] = [
  DASHBOARD,
  INCOMING,
  INSITU,
  { label: 'Petugas', href: '/officer', icon: 'officer', permission: 'officer.view' },
  {
    label: 'Fasyankes',
    href: '/fasyankes',
    icon: 'facility',
    permission: 'fasyankes.view',
    children: [
      { label: 'Data', href: '/fasyankes/data', permission: 'fasyankes.view' },
      { label: 'Persebaran', href: '/fasyankes/map', permission: 'fasyankes.view' },
      { label: 'Inventory', href: INVENTORY_HREF, permission: 'inventory.view' },
    ],
  },
  {
    label: 'Alkes',
    href: '/alkes',
    icon: 'device',
    permission: 'alkes.view',
    children: [{ label: 'Data', href: '/alkes/data', permission: 'alkes.view' }],
  },
  {
    label: 'Kalibrator',
    href: '/calibrator',
    icon: 'calibrator',
    permission: 'calibrator.view',
    children: [
      { label: 'Data', href: '/calibrator/data', permission: 'calibrator.view' },
      { label: 'Monitor Stok', href: '/calibrator/stock', permission: 'calibrator.view' },
      { label: 'Peminjaman', href: '/calibrator/loan', permission: 'calibrator.view' },
    ],
  },
  {
    label: 'Laporan',
    href: '/report',
    icon: 'report',
    permission: 'report.view',
    children: [
      { label: 'Layanan', href: '/report/service', permission: 'report.view' },
      { label: 'Tahunan', href: '/report/yearly', permission: 'report.view' },
      { label: 'Alkes', href: '/report/alkes', permission: 'report.view' },
    ],
  },
]

const FACILITY_MENU: { title: string | null; items: MenuItem[] }[] = [
  { title: null, items: [DASHBOARD] },
  { title: 'Layanan Kalibrasi', items: [INCOMING, INSITU] },
  {
    title: 'Laporan',
    items: [
      { label: 'Inventory', href: INVENTORY_HREF, icon: 'inventory', permission: 'inventory.view' },
    ],
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

/** Where a user lands after signing in: the first working page their menu offers. */
export function homePathFor(user: User): string {
  const pages = menuFor(user)
    .flatMap((section) => section.items)
    .flatMap((item) => (item.children ? item.children.map((child) => child.href) : [item.href]))
  return pages.find((href) => !isPending(href)) ?? '/profile'
}
