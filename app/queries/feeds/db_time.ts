import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/**
 * Timestamps written by raw queries in the same format Lucid models use
 * (a JS Date would be stored as epoch milliseconds on SQLite), and read
 * back from raw rows (a string on SQLite, a Date on PostgreSQL).
 */
function format() {
  return db.connection().dialect.dateTimeFormat
}

export function dbNow() {
  return DateTime.now().toFormat(format())
}

export function dbTime(value: DateTime) {
  return value.toFormat(format())
}

export function dbTimeToMillis(value: unknown): number {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  if (typeof value === 'string') {
    const parsed = DateTime.fromFormat(value, format())
    const date = parsed.isValid ? parsed : DateTime.fromSQL(value)
    return date.isValid ? date.toMillis() : DateTime.fromISO(value).toMillis()
  }
  return Number.NaN
}

export function millisToDb(ms: number) {
  return DateTime.fromMillis(ms).toFormat(format())
}
