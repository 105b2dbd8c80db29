import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { ThemeToggle } from '~/components/theme_toggle'

/** Shell for pages without a session: the login screen. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 p-4 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      <div className="absolute top-3 right-3">
        <ThemeToggle />
      </div>
      {children}
      <Toaster position="bottom-right" />
    </div>
  )
}
