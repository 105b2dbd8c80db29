import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import type { Permission } from '#enums/permissions'
import type { RouteName } from '#services/route_names'

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

/** A child entry: its label, its route, and its own permission if not the parent's. */
type Child = [label: string, route: RouteName, permission?: Permission]

function entry(label: string, route: RouteName, icon: MenuIcon, permission: Permission): MenuItem {
  return { label, href: urlFor(route), icon, permission }
}

/**
 * A menu group: it opens its children and is no page itself. Its href is the first path segment
 * its children share (`/fasyankes`), which the sidebar uses to light the group up.
 */
function group(label: string, icon: MenuIcon, permission: Permission, children: Child[]): MenuItem {
  const items = children.map(([childLabel, route, own]) => ({
    label: childLabel,
    href: urlFor(route),
    permission: own ?? permission,
  }))
  return { label, href: `/${items[0].href.split('/')[1]}`, icon, permission, children: items }
}

/** Built on first use: route URLs exist once the routes are registered. */
let menus: { staff: MenuItem[]; facility: { title: string | null; items: MenuItem[] }[] } | null =
  null

function buildMenus() {
  const dashboard = entry('Dashboard', 'dashboard', 'dashboard', 'dashboard.view')
  const incoming = entry('Alat Datang', 'internal.index', 'incoming', 'internal.view')
  const insitu = entry('Insitu', 'insitu.index', 'insitu', 'insitu.view')
  const staff: MenuItem[] = [
    dashboard,
    incoming,
    insitu,
    entry('Petugas', 'officer.index', 'officer', 'officer.view'),
    group('Fasyankes', 'facility', 'fasyankes.view', [
      ['Data', 'fasyankes.index'],
      ['Persebaran', 'fasyankes.map'],
      ['Inventory', 'fasyankes.inventory', 'inventory.view'],
    ]),
    group('Alkes', 'device', 'alkes.view', [['Data', 'alkes.index']]),
    group('Kalibrator', 'calibrator', 'calibrator.view', [
      ['Data', 'calibrator.index'],
      ['Monitor Stok', 'calibrator.stock'],
      ['Peminjaman', 'calibrator.loan'],
    ]),
    group('Laporan', 'report', 'report.view', [
      ['Layanan', 'report.service'],
      ['Tahunan', 'report.yearly'],
      ['Alkes', 'report.alkes'],
      ['Berita Acara', 'report.berita_acara'],
      ['PNBP', 'report.pnbp'],
    ]),
  ]
  const facility = [
    { title: null, items: [dashboard] },
    { title: 'Layanan Kalibrasi', items: [incoming, insitu] },
    {
      title: 'Laporan',
      items: [entry('Inventory', 'fasyankes.inventory', 'inventory', 'inventory.view')],
    },
  ]
  return { staff, facility }
}

function builtMenus() {
  menus ??= buildMenus()
  return menus
}

/** The staff sidebar before filtering by the user's permissions. */
export function staffMenu(): MenuItem[] {
  return builtMenus().staff
}

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
  const { staff, facility } = builtMenus()
  if (user.isFacility) {
    return facility.map((section) => ({
      title: section.title,
      items: visible(section.items, user),
    }))
  }
  return [{ title: null, items: visible(staff, user) }]
}

/** Where a user lands after signing in: the first page their menu offers, else their profile. */
export function homePathFor(user: User): string {
  const pages = menuFor(user)
    .flatMap((section) => section.items)
    .flatMap((item) => (item.children ? item.children.map((child) => child.href) : [item.href]))
  return pages[0] ?? urlFor('profile.edit')
}
