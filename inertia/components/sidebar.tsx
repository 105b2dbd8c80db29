import { useState } from 'react'
import { Link, usePage } from '@inertiajs/react'
import {
  Activity,
  BarChart3,
  Boxes,
  ChevronDown,
  Gauge,
  Hospital,
  LayoutDashboard,
  PackageOpen,
  Stethoscope,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { MenuIcon, MenuItem, MenuSection } from '~/types'
import { cn } from '~/lib/cn'
import { LABELS } from '~/lib/labels'

const ICONS: Record<MenuIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  incoming: PackageOpen,
  insitu: Truck,
  officer: Users,
  facility: Hospital,
  device: Stethoscope,
  calibrator: Gauge,
  report: BarChart3,
  inventory: Boxes,
}

function isActive(url: string, href: string) {
  const path = url.split('?')[0]
  return path === href || path.startsWith(`${href}/`)
}

function Entry({ item, url }: { item: MenuItem; url: string }) {
  const active = isActive(url, item.href)
  const [open, setOpen] = useState(active)
  const Icon = item.icon ? ICONS[item.icon] : Activity
  const base =
    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 dark:hover:bg-slate-800'

  if (!item.children?.length) {
    return (
      <li>
        <Link
          href={item.href}
          className={cn(
            base,
            active && 'bg-brand-50 text-brand-700 dark:bg-brand-800/30 dark:text-brand-100'
          )}
          aria-current={active ? 'page' : undefined}
        >
          <Icon className="size-4 shrink-0" />
          {item.label}
        </Link>
      </li>
    )
  }

  return (
    <li>
      <button
        type="button"
        className={cn(base, active && 'text-brand-700 dark:text-brand-100')}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <Icon className="size-4 shrink-0" />
        <span className="flex-1 text-left">{item.label}</span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul className="mt-1 ml-7 space-y-1 border-l border-slate-200 pl-2 dark:border-slate-800">
          {item.children.map((child) => {
            const childActive = isActive(url, child.href)
            return (
              <li key={child.href}>
                <Link
                  href={child.href}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                    childActive &&
                      'bg-brand-50 font-medium text-brand-700 dark:bg-brand-800/30 dark:text-brand-100'
                  )}
                  aria-current={childActive ? 'page' : undefined}
                >
                  {child.label}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </li>
  )
}

export function Sidebar({ menu }: { menu: MenuSection[] }) {
  const { url } = usePage()
  return (
    <nav aria-label="Menu utama" className="flex h-full flex-col">
      <div className="flex-1 space-y-4 overflow-y-auto p-3">
        {menu.map((section, index) => (
          <div key={section.title ?? index}>
            {section.title && (
              <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">
                {section.title}
              </p>
            )}
            <ul className="space-y-1">
              {section.items.map((item) => (
                <Entry key={item.href} item={item} url={url} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 dark:border-slate-800">
        {LABELS.appName} &copy; {LABELS.footer}
      </p>
    </nav>
  )
}
