import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { SessionGuard, SessionLucidUserProvider } from '@adonisjs/auth/session'
import type { HttpContext } from '@adonisjs/core/http'
import type { ApplicationService } from '@adonisjs/core/types'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type {
  AccessTokensLucidUserProviderOptions,
  LucidTokenable,
} from '@adonisjs/auth/types/access_tokens'
import type {
  LucidAuthenticatable,
  SessionGuardOptions,
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

/**
 * Users whose last hydration is kept (least recently used dropped first,
 * once the map is full). Until it is full a hit leaves the map as it is:
 * moving the entry to the end on every request (delete, set) left a
 * deleted slot each time, and the map's table was rebuilt every few dozen
 * requests, tables that outlived two scavenges and filled the old
 * generation (docs/benchmarks.md).
 */
export const HYDRATED_USERS = 5_000

function sameValue(x: unknown, y: unknown) {
  // PostgreSQL's driver gives every row new Date objects.
  return x === y || (x instanceof Date && y instanceof Date && x.getTime() === y.getTime())
}

/**
 * The columns in which `row` differs from `last` (same columns, in any
 * order); null when the two have different columns.
 */
function changedColumns(last: Row, row: Row): string[] | null {
  const changed: string[] = []
  let count = 0
  for (const key in row) {
    if (!(key in last)) return null
    if (!sameValue(last[key], row[key])) changed.push(key)
    count++
  }
  return count === Object.keys(last).length ? changed : null
}

/** Rows differing in more columns than this are hydrated in full. */
const MOST_CHANGED_COLUMNS = 4

/** Values an instance may share with another: nothing a caller could change in place. */
function shareable(values: Row) {
  for (const key in values) {
    const value = values[key]
    if (value !== null && typeof value === 'object' && !(value instanceof DateTime)) return false
  }
  return true
}

/**
 * The users of both guards (the session and the API's tokens) whose last
 * hydration is kept, by id: one map per process.
 */
const hydrated = new Map<string | number, Hydrated>()

/**
 * The user `identifier` of `model` read straight from the SQLite connection
 * when it is free (app/services/db/sqlite_direct_reads.ts): the row is still
 * read on every request, so a disabled account, a changed role or a new
 * unread count shows at once; only knex and the ORM's query machinery are
 * skipped. The model is built from the row as `User.find` builds it (same
 * columns, same consume functions, persisted, on the same connection).
 * `null` when there is no such user, `undefined` when it cannot be read here
 * (PostgreSQL, in a transaction, a model with find hooks): `find` then.
 *
 * Hydrating the row (every column through the model's consume functions
 * and proxies, the dates into luxon, a deep copy for dirty tracking) cost
 * more than reading it (`npm run bench:profile -- S1`). When the row read
 * is identical, column for column, to the one last hydrated for that user,
 * the new instance gets copies of that hydration's attributes instead: the
 * same values (primitives and immutable DateTimes only, or it is not
 * reused), in an instance of its own. When it differs in a few columns (a
 * member who posts moves their own posts_count on every post), only those
 * columns are consumed again (`rehydrate`).
 */
export function keyReadUser(model: any, identifier: unknown) {
  if (
    !readsUsersPlainly(model) ||
    (typeof identifier !== 'string' && typeof identifier !== 'number')
  ) {
    return undefined
  }
  const connection = connectionOf(model)
  const row = keyRead(connection, 'users', identifier)
  if (row === null || row === undefined) return row
  return hydrate(model, row, connection)
}

/** Whether `model`'s `find` is a plain read of the `users` row (no find hooks to run). */
function readsUsersPlainly(model: any) {
  return (
    model.table === 'users' && !model.$hooks.has('before:find') && !model.$hooks.has('after:find')
  )
}

function connectionOf(model: any): string {
  return model.connection ?? db.primaryConnectionName
}

/**
 * User rows read in one query with their request's session (`sessions`
 * joined to `users` on the session's tag: app/services/session_store.ts),
 * by request, until the session guard asks for its user. On PostgreSQL that
 * saves every signed-in request a round trip (and knex and the ORM's query
 * machinery for the user); on SQLite, one statement. The row is as fresh
 * as a read of its own would be: read by this request, used once.
 */
const rowsReadWithSession = new WeakMap<HttpContext, { row: Row; connection: string }>()

export function keepUserRowReadWithSession(ctx: HttpContext, row: Row, connection: string) {
  rowsReadWithSession.set(ctx, { row, connection })
}

function hydrate(model: any, row: Row, connection: string) {
  const id = row.id as string | number
  const last = hydrated.get(id)
  const changed = last ? changedColumns(last.row, row) : null
  if (last && changed && changed.length === 0) {
    if (hydrated.size >= HYDRATED_USERS) {
      hydrated.delete(id)
      hydrated.set(id, last)
    }
    return instanceOf(model, last, connection)
  }
  // A few columns changed (a counter moved, a last-seen time): only those
  // are consumed again; the rest is the last hydration's. Replaced where it
  // is in the map (no deleted slot, see HYDRATED_USERS).
  const next =
    last && changed && changed.length <= MOST_CHANGED_COLUMNS
      ? rehydrate(model, last, row, changed)
      : null
  if (next) {
    hydrated.set(id, next)
    return instanceOf(model, next, connection)
  }
  if (last) hydrated.delete(id)
  const user = model.$createFromAdapterResult(row, undefined, { connection })
  if (shareable(user.$attributes) && shareable(user.$original) && shareable(user.$extras)) {
    hydrated.set(id, {
      row,
      attributes: { ...user.$attributes },
      original: { ...user.$original },
      extras: { ...user.$extras },
    })
    if (hydrated.size > HYDRATED_USERS) hydrated.delete(hydrated.keys().next().value!)
  }
  return user
}

/** A persisted instance with copies of a kept hydration's values. */
function instanceOf(model: any, kept: Hydrated, connection: string) {
  const user = new model()
  user.$attributes = { ...kept.attributes }
  user.$original = { ...kept.original }
  user.$extras = { ...kept.extras }
  user.$setOptionsAndTrx({ connection })
  user.$isPersisted = true
  user.$isLocal = false
  return user
}

/**
 * `last` with `changed` columns taken from `row`, each as
 * `$consumeAdapterResult` takes it: a column through its attribute's
 * consume function, into the attributes and (as `$hydrateOriginals`
 * copies a primitive or a DateTime: the same value) the originals; any
 * other key into the extras. Null when a value is not one an instance may
 * share, or a key is one the ORM treats otherwise (a relation, an
 * instance property): hydrated in full then.
 */
function rehydrate(model: any, last: Hydrated, row: Row, changed: string[]): Hydrated | null {
  // The instance a consume function is given, as in a full hydration.
  const target = new model()
  const next: Hydrated = {
    row,
    attributes: { ...last.attributes },
    original: { ...last.original },
    extras: { ...last.extras },
  }
  for (const key of changed) {
    const name =
      model.$keys.columnAliasesToAttributes.get(key) || model.$keys.columnsToAttributes.get(key)
    if (name) {
      const column = model.$getColumn(name)
      const value =
        typeof column.consume === 'function' ? column.consume(row[key], name, target) : row[key]
      next.attributes[name] = value
      next.original[name] = value
    } else if (key in last.extras) {
      next.extras[key] = row[key]
    } else {
      return null
    }
  }
  if (!shareable(next.attributes) || !shareable(next.extras)) return null
  return next
}

/** The session guard's user provider, reading the user with `keyReadUser`. */
export class KeyReadUserProvider<
  UserModel extends LucidAuthenticatable,
> extends SessionLucidUserProvider<UserModel> {
  get providerOptions() {
    return this.options
  }

  /** The model, imported once by this provider. */
  loadModel() {
    return this.getModel()
  }

  async findById(identifier: string | number | BigInt) {
    const user = keyReadUser(await this.getModel(), identifier)
    if (user === null) return null
    if (user !== undefined) return this.createUserForGuard(user)
    return super.findById(identifier)
  }
}

/**
 * The session guard's provider for one request: `findById` takes the user
 * row read with the request's session when it is the user asked for (and
 * the model's `find` would read that same row), and reads it otherwise.
 */
export class RequestUserProvider<
  UserModel extends LucidAuthenticatable,
> extends KeyReadUserProvider<UserModel> {
  constructor(
    private shared: KeyReadUserProvider<UserModel>,
    private ctx: HttpContext
  ) {
    super(shared.providerOptions)
  }

  /** The model the shared provider imported once. */
  protected getModel() {
    return this.shared.loadModel()
  }

  async findById(identifier: string | number | BigInt) {
    const read = rowsReadWithSession.get(this.ctx)
    if (read) {
      rowsReadWithSession.delete(this.ctx)
      const model: any = await this.getModel()
      if (
        String(read.row.id) === String(identifier) &&
        readsUsersPlainly(model) &&
        connectionOf(model) === read.connection
      ) {
        return this.createUserForGuard(hydrate(model, read.row, read.connection))
      }
    }
    return super.findById(identifier)
  }
}

/**
 * Drop-in for `sessionGuard(config)` in config/auth.ts: the stock guard,
 * given a `RequestUserProvider` of `config.provider` for each request.
 */
export function keyReadSessionGuard<
  UseRememberTokens extends boolean,
  Model extends LucidAuthenticatable,
>(config: { provider: KeyReadUserProvider<Model> } & SessionGuardOptions<UseRememberTokens>) {
  return {
    async resolver(name: string, app: ApplicationService) {
      const emitter = await app.container.make('emitter')
      const shared = config.provider
      return (ctx: HttpContext) =>
        new SessionGuard<UseRememberTokens, KeyReadUserProvider<Model>>(
          name,
          ctx,
          config,
          emitter as any,
          new RequestUserProvider(shared, ctx)
        )
    },
  }
}

/** The API's tokens guard user provider, reading the user with `keyReadUser`. */
export class KeyReadTokensUserProvider<
  TokenableProperty extends string,
  UserModel extends LucidTokenable<TokenableProperty>,
> extends AccessTokensLucidUserProvider<TokenableProperty, UserModel> {
  async findById(identifier: string | number | BigInt) {
    const user = keyReadUser(await this.getModel(), identifier)
    if (user === null) return null
    if (user !== undefined) return this.createUserForGuard(user)
    return super.findById(identifier)
  }
}

/** Drop-in for `tokensUserProvider(options)` in config/auth.ts. */
export function keyReadTokensUserProvider<
  TokenableProperty extends string,
  Model extends LucidTokenable<TokenableProperty>,
>(options: AccessTokensLucidUserProviderOptions<TokenableProperty, Model>) {
  return new KeyReadTokensUserProvider(options)
}

/** Drop-in for `sessionUserProvider(options)` in config/auth.ts. */
export function keyReadUserProvider<Model extends LucidAuthenticatable>(
  options: SessionLucidUserProviderOptions<Model>
) {
  return new KeyReadUserProvider(options)
}
