import { DateTime } from 'luxon'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { dbNow, dbTime } from '#services/db/db_time'
import type { SqlStep } from '#services/db/sql_steps'

const HOOK_EVENTS = ['before:create', 'before:save', 'after:create', 'after:save'] as const

/**
 * A model's new row as one statement of a transaction written as SqlSteps
 * (app/services/db/sql_steps.ts): `INSERT … RETURNING *`, the row as stored.
 *
 * `attributes` are the model's attribute names (camelCase), written to
 * their columns as `save()` writes them: a DateTime in the connection's
 * timestamp format, and the datetime columns Lucid fills on create
 * (`autoCreate` or `autoUpdate`) set to now when not given. Unlike
 * `save()`, no model hook runs: a model with create or save hooks is
 * refused, unless the caller says it runs their work itself
 * (`callerRunsHooks`: Post's after-create hook, start/model_hooks.ts).
 */
export function insertModelRow(
  Model: LucidModel,
  attributes: Record<string, unknown>,
  { callerRunsHooks = false } = {}
): SqlStep {
  Model.boot()
  if (!callerRunsHooks) {
    for (const event of HOOK_EVENTS) {
      if (Model.$hooks.all().get(event)?.size) {
        throw new Error(`${Model.name} has a ${event} hook, which insertModelRow would skip`)
      }
    }
  }
  const columns: string[] = []
  const bindings: unknown[] = []
  for (const [name, value] of Object.entries(attributes)) {
    const column = Model.$getColumn(name)
    if (!column) throw new Error(`${Model.name} has no column for "${name}"`)
    columns.push(column.columnName)
    bindings.push(DateTime.isDateTime(value) ? dbTime(value) : value)
  }
  let now: string | undefined
  for (const [name, column] of Model.$columnsDefinitions) {
    const meta = column.meta as { type?: string; autoCreate?: boolean; autoUpdate?: boolean }
    if (meta?.type !== 'datetime' || !(meta.autoCreate || meta.autoUpdate)) continue
    if (attributes[name] !== undefined && attributes[name] !== null) continue
    columns.push(column.columnName)
    bindings.push((now ??= dbNow()))
  }
  const placeholders = columns.map(() => '?').join(', ')
  return {
    sql: `INSERT INTO ${Model.table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING *`,
    bindings,
  }
}

/** The model instance of a row read back (RETURNING *), as a query would give it. */
export function modelFromRow<T extends LucidModel>(Model: T, row: Record<string, unknown>) {
  const model = Model.$createFromAdapterResult(row)
  if (!model) throw new Error(`${Model.name}: no row came back`)
  return model as InstanceType<T> & LucidRow
}
