/**
 * Props the server shares with every page (app/middleware/inertia_middleware.ts).
 */
export type { MenuIcon, MenuSection } from '#services/navigation'
export type { VisibleMenuItem as MenuItem } from '#services/navigation'
import type { MenuSection } from '#services/navigation'

export type AuthUser = {
  id: number
  name: string
  email: string
  position: string
  roles: string[]
  roleLabels: string[]
  isFacility: boolean
}

export type AuthProps = {
  user: AuthUser
  can: Record<string, boolean>
  menu: MenuSection[]
  /** The top bar's "Tugas Saya" link; null for a user without a task list. */
  tasksHref: string | null
}

export type SharedProps = {
  auth: AuthProps | null
  errors: Record<string, string>
  [key: string]: unknown
}

/** An action the server offers on a page. */
export type { PageAction } from '#workflows/kit'

export type Flash = {
  success?: string
  error?: string
}

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps
    flashDataType: Flash
  }
}
