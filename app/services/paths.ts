import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import env from '#start/env'

/**
 * Absolute path of the SQLite file. A relative DATABASE_PATH is resolved
 * from the directory the process starts in (the project root for every npm
 * script), so the production build in build/ and the sources share one
 * database. The folder is created at boot: a fresh clone has none.
 */
export function databasePath() {
  const configured = env.get('DATABASE_PATH') ?? 'storage/huddle.sqlite'
  const file = isAbsolute(configured) ? configured : resolve(process.cwd(), configured)
  mkdirSync(dirname(file), { recursive: true })
  return file
}
