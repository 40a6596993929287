import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import type {
  LucidAuthenticatable,
  SessionLucidUserProviderOptions,
} from '@adonisjs/auth/types/session'
import { keyRead } from '#services/db/sqlite_direct_reads'

type Row = Record<string, unknown>

/** What hydrating a row gave, kept to build the next instance from the same row. */
interface Hydrated {
  row: Row
  attributes: Row
  original: Row
  extras: Row
}

/** Users whose last hydration is kept (least recently used dropped first). */
export const HYDRATED_USERS = 5_000

function sameRow(a: Row, b: Row) {
  let count = 0
  for (const key in a) {
    if (a[key] !== b[key]) return false
    count++
  }
  return count === Object.keys(b).length
}

/** Values an instance may share with another: nothing a caller could change in place. */
function shareable(values: Row) {
  for (const key in values) {
    const value = values[key]
    if (value !== null && typeof value === 'object' && !(value instanceof DateTime)) return false
  }
  return true
}

/**
 * The session guard's user provider, except that the signed-in user's row
 * is read straight from the SQLite connection when it is free
 * (app/services/db/sqlite_direct_reads.ts): the row is still read on every
 * request, so a disabled account, a changed role or a new unread count
 * shows at once; only knex and the ORM's query machinery are skipped. The
 * model is built from the row as `User.find` builds it (same columns, same
 * consume functions, persisted, on the same connection). On PostgreSQL, in
 * a transaction, or for a model with find hooks: `User.find`, as before.
 *
 * Hydrating the row (every column through the model's consume functions
 * and proxies, the dates into luxon, a deep copy for dirty tracking) cost
 * more than reading it (`npm run bench:profile -- S1`). When the row read
 * is identical, column for column, to the one last hydrated for that user,
 * the new instance gets copies of that hydration's attributes instead: the
 * same values (primitives and immutable DateTimes only, or it is not
 * reused), in an instance of its own.
 */
export class KeyReadUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
  #hydrated = new Map<string | number, Hydrated>()

  async findById(identifier: string | number | BigInt) {
    const model = (await this.getModel()) as any
    if (
      model.table === 'users' &&
      !model.$hooks.has('before:find') &&
      !model.$hooks.has('after:find') &&
      (typeof identifier === 'string' || typeof identifier === 'number')
    ) {
      const connection: string = model.connection ?? db.primaryConnectionName
      const row = keyRead(connection, 'users', identifier)
      if (row === null) return null
      if (row !== undefined) return this.createUserForGuard(this.#hydrate(model, row, connection))
    }
    return super.findById(identifier)
  }

  #hydrate(model: any, row: Row, connection: string) {
    const id = row.id as string | number
    const last = this.#hydrated.get(id)
    this.#hydrated.delete(id)
    if (last && sameRow(last.row, row)) {
      this.#hydrated.set(id, last)
      const user = new model()
      user.$attributes = { ...last.attributes }
      user.$original = { ...last.original }
      user.$extras = { ...last.extras }
      user.$setOptionsAndTrx({ connection })
      user.$isPersisted = true
      user.$isLocal = false
      return user
    }
    const user = model.$createFromAdapterResult(row, undefined, { connection })
    if (shareable(user.$attributes) && shareable(user.$original) && shareable(user.$extras)) {
      this.#hydrated.set(id, {
        row,
        attributes: { ...user.$attributes },
        original: { ...user.$original },
        extras: { ...user.$extras },
      })
      if (this.#hydrated.size > HYDRATED_USERS) {
        this.#hydrated.delete(this.#hydrated.keys().next().value!)
      }
    }
    return user
  }
}

/** Drop-in for `sessionUserProvider(options)` in config/auth.ts. */
export function keyReadUserProvider<Model extends LucidAuthenticatable>(
  options: SessionLucidUserProviderOptions<Model>
) {
  return new KeyReadUserProvider(options)
}
