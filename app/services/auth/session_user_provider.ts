import db from '@adonisjs/lucid/services/db'
import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import type {
  LucidAuthenticatable,
  SessionLucidUserProviderOptions,
} from '@adonisjs/auth/types/session'
import { keyRead } from '#services/db/sqlite_direct_reads'

/**
 * The session guard's user provider, except that the signed-in user's row
 * is read straight from the SQLite connection when it is free
 * (app/services/db/sqlite_direct_reads.ts): the row is still read on every
 * request, so a disabled account, a changed role or a new unread count
 * shows at once; only knex and the ORM's query machinery are skipped. The
 * model is built from the row as `User.find` builds it (same columns, same
 * consume functions, persisted, on the same connection). On PostgreSQL, in
 * a transaction, or for a model with find hooks: `User.find`, as before.
 */
export class KeyReadUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
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
      if (row !== undefined) {
        const user = model.$createFromAdapterResult(row, undefined, { connection })
        return this.createUserForGuard(user)
      }
    }
    return super.findById(identifier)
  }
}

/** Drop-in for `sessionUserProvider(options)` in config/auth.ts. */
export function keyReadUserProvider<Model extends LucidAuthenticatable>(
  options: SessionLucidUserProviderOptions<Model>
) {
  return new KeyReadUserProvider(options)
}
