import type { PropsWithChildren } from 'react'

/** A person as others see them (UserTransformer.forPublic): never an e-mail address. */
export type Person = {
  id: number
  fullName: string
  username: string
  initials: string
  /** The uploaded avatar (small size), or null: initials are shown. */
  avatarUrl: string | null
}

/** The signed-in user (UserTransformer.forSelf). */
export type SelfUser = Person & {
  email: string
  role: 'member' | 'external' | 'admin'
  bio: string | null
  emailVerified: boolean
}

/**
 * Props every page receives from the server (app/middleware/inertia_middleware.ts).
 * A page prop never takes one of these names: `inertia.render` refuses it.
 * tests/types/client_contract.ts holds this type to the server's.
 */
export type SharedProps = {
  team: { name: string; abbreviation: string }
  auth: { user: SelfUser | null }
  can: { admin: boolean; teamFeed: boolean }
  errors: Record<string, string>
  /** The member shell's team panel (lazy: a partial reload keeps the last one). */
  teamPanel: Person[]
  /** Unread private messages (the "Messages" menu badge). */
  unreadMessages: number
  /** Unread notifications (the bell's badge). */
  unreadNotifications: number
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
