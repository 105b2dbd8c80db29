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

export interface MenuItem {
  label: string
  href: string
  icon: MenuIcon | null
  children: MenuItem[] | null
}

export interface MenuSection {
  title: string | null
  items: MenuItem[]
}

export interface AuthUser {
  id: number
  name: string
  email: string
  position: string
  roles: string[]
  roleLabels: string[]
  isFacility: boolean
}

export interface AuthProps {
  user: AuthUser
  can: Record<string, boolean>
  menu: MenuSection[]
}

export interface SharedProps {
  auth: AuthProps | null
  errors: Record<string, string>
  [key: string]: unknown
}

export interface Flash {
  success?: string
  error?: string
}

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps
    flashDataType: Flash
  }
}
