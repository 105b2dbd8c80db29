import { useEffect, useState, type ReactNode } from 'react'
import { Link, router, usePage } from '@inertiajs/react'
import { Toaster } from 'react-hot-toast'
import { Bell, ClipboardList, Menu, X } from 'lucide-react'
import { Sidebar } from '~/components/sidebar'
import { UserMenu } from '~/components/user_menu'
import { ThemeToggle } from '~/components/theme_toggle'
import { cn } from '~/lib/cn'
import { LABELS } from '~/lib/labels'
import { GlobalSearch } from '~/components/global_search'

const DESKTOP = '(min-width: 1024px)'

/** The signed-in shell: top bar, role-filtered sidebar, and the toast area bottom right. */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { auth } = usePage().props
  // The bell (inertia_middleware.ts): unread notices of the signed-in user.
  const notices = usePage().props.bell as { unread: number; href: string } | null
  // Open on a desktop, closed on a phone (no SSR: the window is there on the first render).
  const [open, setOpen] = useState(() => window.matchMedia(DESKTOP).matches)

  useEffect(() => {
    // On a phone the menu is an overlay: close it once a link was followed.
    return router.on('navigate', () => {
      if (!window.matchMedia(DESKTOP).matches) setOpen(false)
    })
  }, [])

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-label={open ? 'Tutup menu' : 'Buka menu'}
          aria-expanded={open}
          aria-controls="sidebar"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {open ? <X className="size-5 lg:hidden" /> : null}
          <Menu className={cn('size-5', open && 'hidden lg:block')} />
        </button>
        <span className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          {LABELS.appName}
        </span>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {auth && <GlobalSearch />}
          {auth?.tasksHref && (
            <Link
              href={auth.tasksHref}
              aria-label="Tugas Saya"
              title="Tugas Saya"
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <ClipboardList className="size-5" />
            </Link>
          )}
          {notices && (
            <Link
              href={notices.href}
              aria-label={
                notices.unread ? `Pemberitahuan, ${notices.unread} belum dibaca` : 'Pemberitahuan'
              }
              title="Pemberitahuan"
              className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <Bell className="size-5" />
              {notices.unread > 0 && (
                <span
                  data-testid="unread-notices"
                  className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
                >
                  {notices.unread > 99 ? '99+' : notices.unread}
                </span>
              )}
            </Link>
          )}
          <ThemeToggle />
          {auth && <UserMenu auth={auth} />}
        </div>
      </header>
      <div className="flex">
        {open && (
          <div
            className="fixed inset-0 top-14 z-10 bg-slate-900/40 lg:hidden"
            onClick={() => setOpen(false)}
            aria-hidden="true"
          />
        )}
        <aside
          id="sidebar"
          className={cn(
            'fixed top-14 bottom-0 z-20 w-64 border-r border-slate-200 bg-white transition-transform dark:border-slate-800 dark:bg-slate-900',
            'lg:sticky lg:h-[calc(100vh-3.5rem)]',
            open ? 'translate-x-0' : '-translate-x-full lg:hidden'
          )}
        >
          {auth && <Sidebar menu={auth.menu} />}
        </aside>
        <main className="min-w-0 flex-1 p-4 md:p-6">{children}</main>
      </div>
      <Toaster position="bottom-right" />
    </div>
  )
}
