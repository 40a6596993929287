import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import { installPgRowShapes, isKnownAddFields, stockAddFields } from '#services/db/pg_row_shapes'
import { pgText } from '#services/db/pg_direct_reads'

/**
 * node-postgres's rows built from a fast-mode template
 * (app/services/db/pg_row_shapes.ts): the same rows as its own addFields
 * gives, for every kind of column name.
 */
const pg = createRequire(import.meta.url)('pg')
type Field = { name: string; dataTypeID: number; format: string }

const INT4 = 23
const TEXT = 25
const JSON_OID = 114
const fields: Field[] = [
  { name: 'id', dataTypeID: INT4, format: 'text' },
  { name: 'body', dataTypeID: TEXT, format: 'text' },
  { name: '__proto__', dataTypeID: TEXT, format: 'text' },
  { name: 'constructor', dataTypeID: TEXT, format: 'text' },
  { name: '2', dataTypeID: INT4, format: 'text' },
  { name: '10', dataTypeID: TEXT, format: 'text' },
  { name: 'media', dataTypeID: JSON_OID, format: 'text' },
  { name: 'body', dataTypeID: INT4, format: 'text' },
  { name: 'hasOwnProperty', dataTypeID: TEXT, format: 'text' },
]
const values = ['7', '<p>Hi</p>', 'proto', 'ctor', '2', 'ten', '[{"id":1}]', '42', null]

/** A row parsed by a Result whose fields were added by `addFields`. */
function parsed(addFields: (this: unknown, fields: Field[]) => void, rowMode?: 'array') {
  const result = new pg.Result(rowMode)
  addFields.call(result, fields)
  return { row: result.parseRow(values), empty: result._prebuiltEmptyResultObject }
}

/** Every own property of `row`, in order, with its descriptor, and its prototype. */
function describe(row: object) {
  return {
    prototype: Object.getPrototypeOf(row),
    keys: Reflect.ownKeys(row),
    descriptors: Object.getOwnPropertyDescriptors(row),
  }
}

test.group('node-postgres rows from a fast-mode template', () => {
  test('node-postgres still ships the addFields it replaces', ({ assert }) => {
    // Fails when node-postgres changes it: read the new one, then update isKnownAddFields.
    assert.isTrue(isKnownAddFields(String(stockAddFields())))
    assert.isTrue(installPgRowShapes())
    assert.notStrictEqual(pg.Result.prototype.addFields, stockAddFields())
  })

  test('rows have the same properties, order, values and prototype as node-postgres builds', ({
    assert,
  }) => {
    installPgRowShapes()
    const stock = parsed(stockAddFields())
    const fast = parsed(pg.Result.prototype.addFields)
    assert.deepEqual(describe(fast.row), describe(stock.row))
    assert.deepEqual(describe(fast.empty), describe(stock.empty))
    // A column named __proto__ is a value, not the prototype.
    assert.equal(Object.getPrototypeOf(fast.row), Object.prototype)
    assert.equal(Object.getOwnPropertyDescriptor(fast.row, '__proto__')?.value, 'proto')
    // The later of two columns with one name wins, with its own parser.
    assert.strictEqual((fast.row as Record<string, unknown>).body, 42)
    assert.deepEqual((fast.row as Record<string, unknown>).media, [{ id: 1 }])
  })

  test('array rows and per-query type parsers are kept', ({ assert }) => {
    installPgRowShapes()
    assert.deepEqual(parsed(pg.Result.prototype.addFields, 'array').row, [
      7,
      '<p>Hi</p>',
      'proto',
      'ctor',
      2,
      'ten',
      [{ id: 1 }],
      42,
      null,
    ])
    const types = { getTypeParser: () => (text: string) => `parsed:${text}` }
    const result = new pg.Result(undefined, types)
    result.addFields(fields)
    assert.equal(result.parseRow(values).id, 'parsed:7')
  })

  test('an empty description keeps no parsers', ({ assert }) => {
    installPgRowShapes()
    const result = new pg.Result()
    result.addFields([])
    assert.isUndefined(result._parsers)
    assert.deepEqual(result.parseRow([]), {})
  })
})

test.group('PostgreSQL placeholders for direct reads', () => {
  test('numbers ? as knex does and keeps an escaped one', ({ assert }) => {
    assert.equal(pgText('select ? as a, ? as b'), 'select $1 as a, $2 as b')
    assert.equal(pgText('select data \\? ? where id = ?'), 'select data ? $1 where id = $2')
    assert.equal(pgText('select 1'), 'select 1')
    // Once per text: the same string every time (its prepared statement is found by it).
    assert.strictEqual(pgText('select ? as a, ? as b'), pgText('select ? as a, ? as b'))
  })
})
