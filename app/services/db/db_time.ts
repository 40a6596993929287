import { DateTime, Settings } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/**
 * Timestamps written by raw queries in the same format Lucid models use
 * (a JS Date would be stored as epoch milliseconds on SQLite), and values
 * read back from raw rows (a string on SQLite, a Date on PostgreSQL).
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

/**
 * Whether local times are UTC in this process (servers usually run so):
 * timestamps in UTC text (UTC_TEXT) can then be read by counting their
 * digits instead of with luxon's general parsers, which were 8% of a feed
 * request.
 */
const LOCAL_IS_UTC = ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal'].includes(
  Settings.defaultZone.name
)

/**
 * A timestamp's text in UTC: SQLite's ("yyyy-MM-dd HH:mm:ss[.SSS]"),
 * PostgreSQL's with its session in UTC ("…[.ffffff][+00]", read as text by
 * the card queries: timestampsAsText), or either inside JSON (ISO 8601:
 * "…T…[.ffffff][+00:00|Z]", PostgreSQL's json_build_object and the media
 * of a card).
 */
const UTC_TEXT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?(?:Z|\+00(?::00)?)?$/

/** The number written by the digits of `text` from `start` to `end`. */
function digits(text: string, start: number, end: number) {
  let value = 0
  for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - 48
  return value
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar, as
 * Date.UTC counts them (H. Hinnant's days_from_civil, in integers).
 */
function daysFromCivil(year: number, month: number, day: number) {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** Where a UTC_TEXT's fraction ends (before its offset, if any). */
function fractionEnd(text: string) {
  if (text.endsWith('Z')) return text.length - 1
  if (text.endsWith('+00:00')) return text.length - 6
  if (text.endsWith('+00')) return text.length - 3
  return text.length
}

/**
 * A UTC_TEXT as luxon prints UTC ("…T12:00:00.000+00:00"): milliseconds
 * are the fraction's first three digits, as the driver's Date keeps them.
 */
function utcTextIso(text: string) {
  const end = fractionEnd(text)
  const ms = end > 20 ? text.slice(20, Math.min(end, 23)).padEnd(3, '0') : '000'
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}+00:00`
}

/** A UTC_TEXT in epoch milliseconds (the fraction's first three digits). */
function utcTextMillis(text: string) {
  const end = fractionEnd(text)
  let ms = 0
  for (let i = 20; i < 23; i++) ms = ms * 10 + (i < end ? text.charCodeAt(i) - 48 : 0)
  return (
    daysFromCivil(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10)) * 86_400_000 +
    digits(text, 11, 13) * 3_600_000 +
    digits(text, 14, 16) * 60_000 +
    digits(text, 17, 19) * 1000 +
    ms
  )
}

/**
 * A timestamp of a raw row as a DateTime, read as a Lucid model would
 * (SQL text on SQLite, a Date on PostgreSQL, ISO text inside JSON).
 */
export function dbDateTime(value: unknown): DateTime | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return DateTime.fromJSDate(value)
  if (typeof value === 'number') return DateTime.fromMillis(value)
  const text = String(value)
  if (LOCAL_IS_UTC && UTC_TEXT.test(text)) return DateTime.fromMillis(utcTextMillis(text))
  return text.includes('T') ? DateTime.fromISO(text) : DateTime.fromSQL(text)
}

/**
 * The `consume` of every `@column.dateTime` of the models: Lucid's own
 * reads SQLite's text with `DateTime.fromSQL`, a general parser that was
 * ~3% of every signed-in request (the session user has six such columns);
 * this reads the same value through dbDateTime's fast path.
 */
export function consumeDateTime(value: unknown) {
  return value ? dbDateTime(value) : value
}

/**
 * A timestamp a read model only prints (ISO 8601, as luxon's `toISO()`) or
 * compares (epoch milliseconds): the post and comment cards of every feed.
 */
export interface Instant {
  toISO(): string | null
  toJSON(): string | null
  toMillis(): number
}

/** An instant from a Date, printed as luxon prints UTC ("…T12:00:00.000+00:00"). */
class UtcInstant implements Instant {
  #iso: string
  #millis: number
  constructor(iso: string, millis: number) {
    this.#iso = iso
    this.#millis = millis
  }
  toISO() {
    return this.#iso
  }
  toJSON() {
    return this.#iso
  }
  toMillis() {
    return this.#millis
  }
}

/**
 * An instant kept as UTC_TEXT's text, printed and counted only when asked:
 * a card prints most of its times and counts a few (the "edited" check),
 * and the regex captures, Date.UTC and string joins of doing both for each
 * were 4.8% of a feed page's CPU (npm run bench:profile -- S1). Milliseconds
 * are the fraction's first three digits, as the driver's Date keeps them.
 */
class UtcTextInstant implements Instant {
  #text: string
  #iso: string | undefined
  #millis: number | undefined
  constructor(text: string) {
    this.#text = text
  }
  toISO() {
    return (this.#iso ??= utcTextIso(this.#text))
  }
  toJSON() {
    return this.toISO()
  }
  toMillis() {
    return (this.#millis ??= utcTextMillis(this.#text))
  }
}

/**
 * A timestamp of a raw row as an Instant. When local time is UTC the ISO
 * text is written from the SQL text (or the Date on PostgreSQL) without a
 * luxon DateTime: building and printing 60–80 of them was ~8% of a feed
 * page's CPU (npm run bench:profile -- S1). Otherwise, a DateTime.
 */
export function dbInstant(value: unknown): Instant | null {
  if (LOCAL_IS_UTC) {
    if (typeof value === 'string') {
      if (UTC_TEXT.test(value)) return new UtcTextInstant(value)
    } else if (value instanceof Date && !Number.isNaN(value.getTime())) {
      return new UtcInstant(`${value.toISOString().slice(0, -1)}+00:00`, value.getTime())
    }
  }
  return dbDateTime(value)
}

/** node-postgres's type parsers (its `types`). */
export interface PgTypes {
  getTypeParser(oid: number, format?: any): (text: string) => unknown
}

/**
 * node-postgres parsers for a query whose timestamps only go to dbInstant
 * (the card queries): in UTC their text as it is, any other as the driver
 * parses it (a Date). Building a Date per timestamp (postgres-date) and
 * printing it again was ~6% of a PostgreSQL feed request (npm run
 * bench:profile -- S1 --pg). Null when local time is not UTC (dbInstant
 * then reads Dates through luxon).
 */
export function timestampsAsText(types: PgTypes) {
  if (!LOCAL_IS_UTC) return null
  const TIMESTAMP = 1114
  const TIMESTAMPTZ = 1184
  const asText = (parse: (text: string) => unknown) => (text: string) =>
    UTC_TEXT.test(text) ? text : parse(text)
  const timestamp = asText(types.getTypeParser(TIMESTAMP, 'text'))
  const timestamptz = asText(types.getTypeParser(TIMESTAMPTZ, 'text'))
  return {
    getTypeParser(oid: number, mode?: any) {
      if (mode !== 'binary') {
        if (oid === TIMESTAMP) return timestamp
        if (oid === TIMESTAMPTZ) return timestamptz
      }
      return types.getTypeParser(oid, mode)
    },
  }
}

/** A boolean of a raw row (1/0 on SQLite, true/false on PostgreSQL). */
export function dbFlag(value: unknown) {
  return value === true || value === 1 || value === '1' || value === 't'
}

/**
 * The rows of a `rawQuery` result: better-sqlite3 gives the array itself,
 * PostgreSQL a result object with `.rows` (RETURNING included).
 */
export function rawRows<Row = Record<string, unknown>>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[]
  return ((result as { rows?: Row[] } | null)?.rows ?? []) as Row[]
}
