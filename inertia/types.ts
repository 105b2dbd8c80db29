/**
 * Props the server shares with every page (app/middleware/inertia_middleware.ts).
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

export type MenuItem = {
  label: string
  href: string
  icon: MenuIcon | null
  children: MenuItem[] | null
}

export type MenuSection = {
  title: string | null
  items: MenuItem[]
}

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
}

export type SharedProps = {
  auth: AuthProps | null
  errors: Record<string, string>
  [key: string]: unknown
}

/** An action the server offers on a page (app/workflows/kit.ts PageAction). */
export type PageAction = {
  key: string
  label: string
  href: string
  variant: 'primary' | 'secondary' | 'danger'
  method: 'get' | 'delete'
  confirm: string | null
  newTab: boolean
}

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
