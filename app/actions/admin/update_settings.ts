import { getSettings, saveSettings, type AppSettings } from '#services/settings'

export type SettingsChanges = Partial<{
  [K in keyof AppSettings]: { from: AppSettings[K]; to: AppSettings[K] }
}>

/**
 * Saves the team settings that differ from the stored ones and returns what
 * changed (old and new values, for the audit log). saveSettings clears the
 * settings cache, so the next request sees the new values.
 */
export default class UpdateSettings {
  async handle(input: Partial<AppSettings>): Promise<SettingsChanges> {
    const current = await getSettings()
    const changes: SettingsChanges = {}
    const patch: Partial<AppSettings> = {}
    for (const key of Object.keys(input) as (keyof AppSettings)[]) {
      if (input[key] === undefined) continue
      if (JSON.stringify(current[key]) === JSON.stringify(input[key])) continue
      ;(changes as Record<string, unknown>)[key] = { from: current[key], to: input[key] }
      ;(patch as Record<string, unknown>)[key] = input[key]
    }
    if (Object.keys(patch).length > 0) await saveSettings(patch)
    return changes
  }
}
