import db from '@adonisjs/lucid/services/db'
import type { RegistrationMode } from '#enums/role'

/**
 * Team-wide settings (Settings/AppSetting), stored as JSON values in
 * app_settings and cached in memory. Writes clear this process's cache at
 * once; other nodes pick the change up within CACHE_TTL_MS.
 */
export interface AppSettings {
  teamName: string
  teamAbbreviation: string
  teamDomains: string[]
  registrationMode: RegistrationMode
  /** Upload limits set by an admin; null: the server's maximum (app/services/upload_limits.ts). */
  uploadMaxFileMb: number | null
  uploadMaxFilesPerPost: number | null
  /** The SMTP server mails go through; null: .env SMTP or the outbox (app/services/mail_settings.ts). */
  smtp: SmtpSettings | null
  /** Which posts by non-admins wait for an admin's approval (issue 19 §2). */
  moderationPolicy: ModerationPolicy
  /**
   * Announcements reach everyone in the app: nobody can turn them off or
   * mute them (issue 15 §4). Push and e-mail stay each person's choice.
   */
  announcementsUnmutable: boolean
  /**
   * A weekly team digest by e-mail (issue 15 §3): the week's most liked and
   * commented posts each person may see. Off by default; each person can
   * opt out in their notification settings (app/services/weekly_digest.ts).
   */
  weeklyDigest: boolean
}

export interface SmtpSettings {
  host: string
  port: number
  username: string | null
  /** Encrypted (mail_settings.ts encryptSmtpPassword), never sent to the browser. */
  password: string | null
  security: 'tls' | 'starttls' | 'none'
}

/**
 * - `public`: public posts by members, and every post by externals;
 * - `all`: every post by a member or an external;
 * - `none`: nothing waits (admins review afterwards, from the team posts page).
 */
export const MODERATION_POLICIES = ['public', 'all', 'none'] as const
export type ModerationPolicy = (typeof MODERATION_POLICIES)[number]

export const DEFAULT_SETTINGS: AppSettings = {
  teamName: 'Huddle',
  teamAbbreviation: 'Huddle',
  teamDomains: [],
  registrationMode: 'open',
  uploadMaxFileMb: null,
  uploadMaxFilesPerPost: null,
  smtp: null,
  moderationPolicy: 'public',
  announcementsUnmutable: false,
  weeklyDigest: false,
}

const CACHE_TTL_MS = 10_000
let cache: { value: AppSettings; at: number } | null = null

export async function getSettings(): Promise<AppSettings> {
  if (cache && Date.now() - cache.at < CACHE_TTL_MS) return cache.value
  const rows: { key: string; value: string }[] = await db
    .from('app_settings')
    .select('key', 'value')
  const value: AppSettings = { ...DEFAULT_SETTINGS }
  for (const row of rows) {
    if (row.key in DEFAULT_SETTINGS) {
      ;(value as any)[row.key] = JSON.parse(row.value)
    }
  }
  cache = { value, at: Date.now() }
  return value
}

export async function saveSettings(changes: Partial<AppSettings>) {
  const now = new Date()
  await db.transaction(async (trx) => {
    for (const [key, value] of Object.entries(changes)) {
      if (!(key in DEFAULT_SETTINGS) || value === undefined) continue
      await trx
        .insertQuery()
        .table('app_settings')
        .insert({ key, value: JSON.stringify(value), updated_at: now })
        .onConflict('key')
        .merge(['value', 'updated_at'])
    }
  })
  clearSettingsCache()
}

export function clearSettingsCache() {
  cache = null
}

/**
 * True when the address belongs to one of the team's e-mail domains
 * (exact domain match, case-insensitive).
 */
export function isTeamEmail(email: string, settings: AppSettings) {
  const domain = email.split('@').pop()?.toLowerCase() ?? ''
  return settings.teamDomains.some((d) => d.toLowerCase() === domain)
}
