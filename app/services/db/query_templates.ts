import db from '@adonisjs/lucid/services/db'
import { directRows } from '#services/db/sqlite_direct_reads'
import { pgRows } from '#services/db/pg_direct_reads'
import { timestampsAsText, type PgTypes } from '#services/db/db_time'

/**
 * Queries built with the query builder once per shape, then run as SQL.
 *
 * A feed's query is the same text for every viewer of a role: the viewer's
 * id and the page cursor are bound values, never part of the SQL. Yet each
 * request built it anew (the visibility rule, the card's columns, three
 * correlated lookups) and had knex compile it: ~8% of a home-feed request
 * (`npm run bench:profile -- S1`, docs/benchmarks.md). Here the builder
 * runs once per shape with *slot* values in place of the request's own
 * (numbers no real id or cursor can take, a text no search can hold); the
 * compiled bindings show where
 * each slot landed, and later requests only substitute their values into a
 * copy of that list.
 *
 * The template is refused (`null`: the caller runs its builder as before)
 * when it cannot be reused safely: a slot that did not come out as a bound
 * value, or SQL whose placeholders do not match the bindings one for one.
 * The shape key must name everything the builder reads besides the slots
 * (the viewer's role, whether there is a cursor); the connection and its
 * dialect are added here.
 *
 * Running: on SQLite straight on the connection when it is free (as the key
 * reads: app/services/db/sqlite_direct_reads.ts), on PostgreSQL straight
 * through node-postgres on a connection of the pool (pg_direct_reads.ts:
 * the same pool and prepared-statement naming as the builder's queries),
 * otherwise as a raw query on the connection.
 */
export const SLOTS = {
  viewer: -2_000_000_011,
  cursor: -2_000_000_013,
  /** The id of the row a query is about (a post, for its page and its comments). */
  key: -2_000_000_017,
  /** A text value (a search expression). */
  text: '\u0001huddle-template-slot\u0001',
} as const

export type Slot = keyof typeof SLOTS

type Row = Record<string, any>
interface Compilable {
  toSQL(): { sql: string; bindings: readonly unknown[] }
}
interface Template {
  sql: string
  bindings: readonly unknown[]
  /** For each binding: the slot it takes, or null for a constant. */
  slots: readonly (Slot | null)[]
}

const MAX_TEMPLATES = 200
const templates = new Map<string, Template | null>()
const SLOT_BY_VALUE = new Map<unknown, Slot>(
  Object.entries(SLOTS).map(([name, value]) => [value, name as Slot])
)

function compile(query: Compilable, used: readonly Slot[]): Template | null {
  const { sql, bindings } = query.toSQL()
  const slots = bindings.map((value) => SLOT_BY_VALUE.get(value) ?? null)
  // Every `?` a placeholder (none in a literal), no `??` identifier bindings.
  if (sql.includes('??') || sql.split('?').length - 1 !== bindings.length) return null
  for (const slot of used) if (!slots.includes(slot)) return null
  // A slot value anywhere but in the bindings (inlined into the text).
  for (const value of SLOT_BY_VALUE.keys()) if (sql.includes(String(value))) return null
  return { sql, bindings: [...bindings], slots }
}

/**
 * The rows of the query `build` makes, for the shape `key`, with `values`
 * in its slots; `null` when the shape cannot be templated (run the builder).
 * `build` receives the slot values and must use them for those values only.
 */
export async function templateRows(
  key: string,
  build: (slots: typeof SLOTS) => Compilable,
  values: Partial<{ [S in Slot]: (typeof SLOTS)[S] extends string ? string : number }>,
  options: {
    /** Every timestamp of the rows only goes to dbInstant (PostgreSQL: read as text, timestampsAsText). */
    timestampsAsText?: boolean
  } = {}
): Promise<Row[] | null> {
  const connection = db.primaryConnectionName
  const fullKey = `${connection}|${key}`
  let template = templates.get(fullKey)
  if (template === undefined) {
    template = compile(build(SLOTS), Object.keys(values) as Slot[])
    if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!)
    templates.set(fullKey, template)
  }
  if (template === null) return null
  const bindings = template.slots.map((slot, index) =>
    slot === null ? template.bindings[index] : values[slot]
  )
  if (bindings.includes(undefined)) return null
  const direct = directRows(connection, template.sql, bindings)
  if (direct !== undefined) return direct
  const types = options.timestampsAsText ? pgTextTimestamps(connection) : null
  const pg = await pgRows(connection, template.sql, bindings, types ?? undefined)
  if (pg !== undefined) return pg
  const query = db.connection(connection).rawQuery(template.sql, bindings as any[])
  if (types) query.knexQuery.options({ types })
  const result = await query
  return Array.isArray(result) ? result : result.rows
}

let textTimestamps: ReturnType<typeof timestampsAsText> | undefined
/** knex's names of the PostgreSQL client (config.connections.*.client). */
const POSTGRES_CLIENTS = new Set(['pg', 'postgres', 'postgresql'])

/**
 * The parsers of timestampsAsText, on a PostgreSQL connection (null elsewhere).
 * Once found, a page's read builds no query client for them: the direct read
 * (pgRows) needs only the parsers.
 */
function pgTextTimestamps(connection: string) {
  const config = db.getRawConnection(connection)?.config
  if (!config || !POSTGRES_CLIENTS.has(String(config.client))) return null
  if (textTimestamps) return textTimestamps
  const client = db.connection(connection)
  if (client.dialect.name !== 'postgres') return null
  // node-postgres as knex loaded it (its `driver`): the same type parsers the pool uses.
  textTimestamps = timestampsAsText(
    (client.getReadClient().client as unknown as { driver: { types: PgTypes } }).driver.types
  )
  return textTimestamps
}

/** Forgets every template (tests that change how a shape compiles). */
export function clearTemplates() {
  templates.clear()
}
