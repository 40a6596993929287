import type { PropsWithChildren } from 'react'

/**
 * Props every page receives from the server (app/middleware/inertia_middleware.ts).
 */
export type SelfUser = {
  id: number
  fullName: string
  username: string
  initials: string
  /** The uploaded avatar (small size), or null: initials are shown. */
  avatarUrl: string | null
  email: string
  role: 'member' | 'external' | 'admin'
  bio: string | null
  emailVerified: boolean
}

export type SharedProps = {
  team: { name: string; abbreviation: string }
  auth: { user: SelfUser | null }
  can: { admin: boolean; teamFeed: boolean }
  errors: Record<string, string>
  /** Unread private messages (the "Messages" menu badge). */
  unreadMessages?: number
}

export type FlashData = {
  success?: string
  error?: string
  lockoutUntil?: string
}

export type InertiaProps<T = {}> = PropsWithChildren<SharedProps & T>

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps
    flashDataType: FlashData
  }
}
