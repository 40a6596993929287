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
}

export const DEFAULT_SETTINGS: AppSettings = {
  teamName: 'Huddle',
  teamAbbreviation: 'Huddle',
  teamDomains: [],
  registrationMode: 'open',
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
