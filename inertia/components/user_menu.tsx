import { useEffect, useRef, useState } from 'react'
import { Link } from '@inertiajs/react'
import { CalendarOff, ChevronDown, KeyRound, LogOut, MessageCircle, UserRound } from 'lucide-react'
import type { AuthProps } from '~/types'

export function UserMenu({ auth }: { auth: AuthProps }) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const { user } = auth

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !ref.current?.contains(event.target as Node)
      ) {
        setOpen(false)
      }
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  const item =
    'flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800'

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
          {user.name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden max-w-48 truncate text-sm font-medium sm:block">{user.name}</span>
        <ChevronDown className="size-4" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-72 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <p className="font-medium">{user.name}</p>
            {user.position && <p className="text-sm text-slate-500">{user.position}</p>}
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
          <Link href="/profile" className={item} role="menuitem" onClick={() => setOpen(false)}>
            <UserRound className="size-4" /> Profil
          </Link>
          <Link href="/password" className={item} role="menuitem" onClick={() => setOpen(false)}>
            <KeyRound className="size-4" /> Ubah Kata Sandi
          </Link>
          {auth.can['holiday.edit'] && (
            <Link href="/holidays" className={item} role="menuitem" onClick={() => setOpen(false)}>
              <CalendarOff className="size-4" /> Hari Libur
            </Link>
          )}
          {auth.can['messaging.connect'] && (
            <Link
              href="/telegram/connect"
              className={item}
              role="menuitem"
              onClick={() => setOpen(false)}
            >
              <MessageCircle className="size-4" /> Hubungkan Telegram
            </Link>
          )}
          <a
            href="/auth/logout"
            className={`${item} text-red-600 dark:text-red-400`}
            role="menuitem"
          >
            <LogOut className="size-4" /> Keluar
          </a>
        </div>
      )}
    </div>
  )
}
