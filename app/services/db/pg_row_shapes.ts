import { createRequire } from 'node:module'

/**
 * node-postgres's result rows, built from a template object in V8's fast
 * mode instead of a dictionary.
 *
 * For every query, node-postgres (8.11.3 and later; 8.23.1 here) builds
 * the empty row its rows are copied from: it sets each column on
 * `Object.create(null)`, an object V8 keeps as a dictionary, then spreads
 * it into a plain object (`{ ...row }`). Spreading a dictionary takes V8's
 * slow path: ~12 µs for the 33 columns of a session read with its user,
 * against ~1.5 µs to set the same columns on `{}` (micro-benchmark, Node
 * 24). With two such queries per page, `addFields` was 4% of the app's CPU
 * for a feed page on PostgreSQL (S1-PG's profile, docs/benchmarks.md).
 *
 * Here the template is set on `{}` directly: the same own properties, in
 * the same order, with the same parsers, so the rows are the same plain
 * objects. A column named `__proto__` is defined as an own data property,
 * as the spread defined it (an assignment would set the prototype).
 *
 * Installed once, by the pool's afterCreate for PostgreSQL
 * (config/database.ts), and only over the implementation it was written
 * for (`isKnownAddFields`): if node-postgres changes it, its own is kept.
 */
type FieldDescription = { name: string; dataTypeID: number; format?: string }
type TypeParsers = { getTypeParser(oid: number, format: string): (value: any) => unknown }
interface ResultInternals {
  fields: FieldDescription[]
  _parsers: unknown[] | undefined
  _types: TypeParsers | undefined
  _prebuiltEmptyResultObject: Record<string, null> | null
}

interface PgModule {
  Result: { prototype: { addFields(fields: FieldDescription[]): void } }
  types: TypeParsers
}

/** The CommonJS module knex loads (node-postgres ships no types of its own), when first needed. */
const nodePostgres = () => createRequire(import.meta.url)('pg') as PgModule

/** The marks of node-postgres's own addFields that this one replaces. */
export function isKnownAddFields(source: string) {
  return (
    source.includes('Object.create(null)') &&
    source.includes('this._prebuiltEmptyResultObject = { ...row }') &&
    source.includes('getTypeParser(desc.dataTypeID')
  )
}

/** The template-building addFields over node-postgres's own type parsers `types`. */
function fastAddFields(types: TypeParsers) {
  return function addFields(this: ResultInternals, fieldDescriptions: FieldDescription[]) {
    this.fields = fieldDescriptions
    if (this.fields.length) this._parsers = new Array(fieldDescriptions.length)
    const parsers = this._types ?? types
    const row: Record<string, null> = {}
    for (const [i, desc] of fieldDescriptions.entries()) {
      if (desc.name === '__proto__') {
        Object.defineProperty(row, '__proto__', {
          value: null,
          writable: true,
          enumerable: true,
          configurable: true,
        })
      } else {
        row[desc.name] = null
      }
      this._parsers![i] = parsers.getTypeParser(desc.dataTypeID, desc.format || 'text')
    }
    this._prebuiltEmptyResultObject = row
  }
}

let stock: PgModule['Result']['prototype']['addFields'] | undefined

/** node-postgres's own addFields, as it shipped (tests compare the two). */
export function stockAddFields() {
  stock ??= nodePostgres().Result.prototype.addFields
  return stock
}

/** Installs the template-building addFields (once); whether it is in use. */
export function installPgRowShapes() {
  const own = stockAddFields()
  if (!isKnownAddFields(String(own))) return false
  const { Result, types } = nodePostgres()
  if (Result.prototype.addFields === own) {
    Result.prototype.addFields = fastAddFields(types) as typeof own
  }
  return true
}
