import { join } from 'node:path'
import { rm } from 'node:fs/promises'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import { databaseSessions } from '#tests/helpers/sessions'
import { onPostgres, onSqlite } from '#tests/helpers/dialect'
import { keyRead, directReadStats } from '#services/db/sqlite_direct_reads'
import { keyReadUserProvider, RequestUserProvider } from '#services/auth/session_user_provider'
import { resetApiRateLimit } from '#middleware/api_auth_middleware'
import User from '#models/user'
import { dbTime } from '#services/db/db_time'

/**
 * On SQLite the session and user rows of each request are read straight
 * from the connection, not through knex (app/services/db/sqlite_direct_reads.ts).
 * They are still read on every request: a change made anywhere (another
 * process, a SQL shell, an action of the app) shows on the very next one.
 * Real commits here (no global transaction: with one open, the direct path
 * steps aside), so each test removes what it made. Functional tests run on
 * the memory session store; the database store is built here as in
 * sessions.spec.ts.
 */
const SQLITE_ONLY = 'the direct reads exist on SQLite only'

test.group('Security / session and user rows read without knex', (group) => {
  const made: number[] = []
  group.each.teardown(async () => {
    await db.from('auth_access_tokens').whereIn('tokenable_id', made).delete()
    await db.from('sessions').whereIn('user_id', made).delete()
    await db.from('users').whereIn('id', made).delete()
    made.length = 0
  })

  /** A member, and a read of their row through the session guard's key-read provider. */
  async function keyReadMember() {
    const created = await UserFactory.merge({ fullName: 'First Name', bio: null }).create()
    made.push(created.id)
    const provider = keyReadUserProvider({ model: () => import('#models/user') })
    const load = async () => {
      const found = await provider.findById(created.id)
      return found!.getOriginal() as User
    }
    return { created, load }
  }

  async function signedInJar() {
    const user = await UserFactory.create()
    made.push(user.id)
    const jar = new CookieJar()
    jar.headers['x-forwarded-for'] = freshIp()
    const response = await jar.signIn(user.email, TEST_PASSWORD)
    if (response.status !== 302 || response.location !== '/') {
      throw new Error(`sign-in failed: ${response.status} ${response.location}`)
    }
    return { user, jar }
  }

  test('a signed-in page reads the user row directly and shows a counter changed elsewhere', async ({
    assert,
  }) => {
    const { user, jar } = await signedInJar()
    const before = directReadStats.reads
    const page = await jar.visit('/')
    assert.equal(page.status, 200)
    assert.isAtLeast(directReadStats.reads - before, 1, 'the user row')

    await db.from('users').where('id', user.id).update({ unread_messages_count: 7 })
    const after = await jar.visit('/')
    assert.include(after.body, '"unreadMessages":7')
  }).skip(onPostgres(), SQLITE_ONLY)

  test('an account disabled behind the app is signed out on its next request', async ({
    assert,
  }) => {
    const { user, jar } = await signedInJar()
    const open = await jar.visit('/profile')
    assert.equal(open.status, 200)
    await db.from('users').where('id', user.id).update({ is_active: false })
    const refused = await jar.visit('/profile')
    assert.equal(refused.status, 302)
    assert.equal(refused.location, '/login')
  })

  test('an API request reads its token and user rows directly; a token revoked behind the app is refused at once', async ({
    assert,
    client,
  }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    const token = await User.accessTokens.create(user, ['read'], { name: 'key reads' })
    const tokenId = Number(token.identifier)
    await resetApiRateLimit(tokenId)
    const bearer = `Bearer ${token.value!.release()}`
    const feedStatus = async () => {
      const response = await client.get('/api/v1/feeds/team').header('Authorization', bearer)
      return response.status()
    }

    const before = directReadStats.reads
    assert.equal(await feedStatus(), 200)
    // The token's row and the user's row (and the feed's compiled query).
    assert.isAtLeast(directReadStats.reads - before, 2)

    // Another kind of token with the same id is not a personal access token.
    await db.from('auth_access_tokens').where('id', tokenId).update({ type: 'other' })
    assert.equal(await feedStatus(), 401)
    await db
      .from('auth_access_tokens')
      .where('id', tokenId)
      .update({ type: 'personal_access_token' })
    assert.equal(await feedStatus(), 200)

    // Disabled, then revoked, anywhere: the very next request is refused.
    await db.from('users').where('id', user.id).update({ is_active: false })
    assert.equal(await feedStatus(), 401)
    await db.from('users').where('id', user.id).update({ is_active: true })
    await db.from('auth_access_tokens').where('id', tokenId).delete()
    assert.equal(await feedStatus(), 401)
  }).skip(onPostgres(), SQLITE_ONLY)

  test('the database session store reads its row directly and sees it deleted or expired', async ({
    assert,
  }) => {
    const { store } = await databaseSessions()
    try {
      await store.write('key-read-a', { auth_web: 41 })
      await store.write('key-read-b', { auth_web: 42 })
      const before = directReadStats.reads
      assert.deepEqual(await store.read('key-read-a'), { auth_web: 41 })
      assert.equal(directReadStats.reads - before, 1)

      await db.from('sessions').where('id', 'key-read-a').delete()
      assert.isNull(await store.read('key-read-a'))

      await db
        .from('sessions')
        .where('id', 'key-read-b')
        .update({ expires_at: new Date(Date.now() - 1000) })
      assert.isNull(await store.read('key-read-b'))
      assert.isNull(await db.from('sessions').where('id', 'key-read-b').first())
    } finally {
      await db.from('sessions').whereIn('id', ['key-read-a', 'key-read-b']).delete()
    }
  }).skip(onPostgres(), SQLITE_ONLY)

  test('the database session store writes its row directly, as the stock store does', async ({
    assert,
  }) => {
    const { store } = await databaseSessions()
    try {
      const before = directReadStats.transactions
      await store.write('key-write-a', { auth_web: 43, flash: { notice: 'Saved' } })
      await store.write('key-write-a', { auth_web: 43 })
      assert.equal(directReadStats.transactions - before, 2)
      assert.deepEqual(await store.read('key-write-a'), { auth_web: 43 })
      const row = await db.from('sessions').where('id', 'key-write-a').firstOrFail()
      // Milliseconds, as knex binds a Date on SQLite (the stock store's format).
      assert.closeTo(Number(row.expires_at), Date.now() + 2 * 3600_000, 60_000)
    } finally {
      await db.from('sessions').where('id', 'key-write-a').delete()
    }
  }).skip(onPostgres(), SQLITE_ONLY)

  test('a direct session write sweeps expired rows as often as the stock store', async ({
    assert,
  }) => {
    const { store } = await databaseSessions()
    const random = Math.random
    try {
      await store.write('key-sweep-old', { auth_web: 44 })
      await db
        .from('sessions')
        .where('id', 'key-sweep-old')
        .update({ expires_at: new Date(Date.now() - 1000) })
      Math.random = () => 0.5 // 50 ≥ 2 (gcProbability): no sweep
      await store.write('key-sweep-new', { auth_web: 45 })
      assert.isNotNull(await db.from('sessions').where('id', 'key-sweep-old').first())
      Math.random = () => 0.01 // 1 < 2: this write sweeps
      await store.write('key-sweep-new', { auth_web: 45 })
      assert.isNull(await db.from('sessions').where('id', 'key-sweep-old').first())
      assert.isNotNull(await db.from('sessions').where('id', 'key-sweep-new').first())
    } finally {
      Math.random = random
      await db.from('sessions').whereIn('id', ['key-sweep-old', 'key-sweep-new']).delete()
    }
  }).skip(onPostgres(), SQLITE_ONLY)

  test('inside an open transaction nothing is read directly, so nothing uncommitted is seen', async ({
    assert,
  }) => {
    const user = await UserFactory.merge({ fullName: 'Committed Name' }).create()
    made.push(user.id)
    const connection = db.primaryConnectionName
    assert.equal(keyRead(connection, 'users', user.id)?.full_name, 'Committed Name')

    const trx = await db.transaction()
    try {
      await trx.from('users').where('id', user.id).update({ full_name: 'Uncommitted' })
      assert.isUndefined(keyRead(connection, 'users', user.id))
    } finally {
      await trx.rollback()
    }
    assert.equal(keyRead(connection, 'users', user.id)?.full_name, 'Committed Name')
    assert.isNull(keyRead(connection, 'users', 2_000_000_000))
    assert.isNull(keyRead(connection, 'sessions', 'no-such-session'))
  }).skip(onPostgres(), SQLITE_ONLY)

  test('an unchanged user row gives an instance of its own; a changed one is hydrated anew', async ({
    assert,
  }) => {
    const { created, load } = await keyReadMember()
    const first = await load()
    const second = await load()
    assert.notStrictEqual(second, first)
    assert.deepEqual(second.serialize(), first.serialize())
    assert.isTrue(second.$isPersisted)
    assert.isFalse(second.$isDirty)
    assert.equal(second.createdAt.toMillis(), first.createdAt.toMillis())

    // A change to one instance stays in it.
    second.fullName = 'Changed In Memory'
    const third = await load()
    assert.equal(third.fullName, 'First Name')

    // A row changed anywhere is read and hydrated anew.
    await db.from('users').where('id', created.id).update({ role: 'admin', full_name: 'Renamed' })
    const fourth = await load()
    assert.equal(fourth.role, 'admin')
    assert.equal(fourth.fullName, 'Renamed')

    // Dirty tracking of a reused instance: saving writes only what it changed.
    third.bio = 'A new bio'
    await third.save()
    const row = await db.from('users').where('id', created.id).first()
    assert.equal(row.bio, 'A new bio')
    assert.equal(row.full_name, 'Renamed')
  }).skip(onPostgres(), SQLITE_ONLY)

  test('a row changed in a few columns is hydrated from the last one, as a full hydration would be', async ({
    assert,
  }) => {
    const { created, load } = await keyReadMember()
    const full = async () => (await User.findOrFail(created.id)) as User
    await load()

    // A counter, a date and a flag: three columns, each through its consume function.
    const seen = DateTime.fromISO('2026-05-04T03:02:01.000Z')
    await db
      .from('users')
      .where('id', created.id)
      .update({ posts_count: 7, last_login_at: dbTime(seen), must_change_password: true })
    const changed = await load()
    const reference = await full()
    assert.deepEqual(changed.$attributes, reference.$attributes)
    assert.deepEqual(changed.$original, reference.$original)
    assert.isFalse(changed.$isDirty)
    assert.isTrue(changed.$isPersisted)
    assert.equal(changed.postsCount, 7)
    assert.isTrue(changed.mustChangePassword)
    assert.isTrue(DateTime.isDateTime(changed.lastLoginAt))
    assert.equal(changed.lastLoginAt!.toMillis(), seen.toMillis())

    // The next read of the same row reuses that hydration, unchanged.
    const again = await load()
    assert.notStrictEqual(again, changed)
    assert.deepEqual(again.$attributes, reference.$attributes)

    // Many columns at once: hydrated in full, with the same result.
    await db.from('users').where('id', created.id).update({
      full_name: 'Renamed',
      bio: 'Bio',
      role: 'admin',
      posts_count: 8,
      last_login_at: null,
    })
    const many = await load()
    const manyReference = await full()
    assert.deepEqual(many.$attributes, manyReference.$attributes)
    assert.deepEqual(many.$original, manyReference.$original)

    // Dirty tracking: saving writes only what the instance changed.
    changed.bio = 'Changed here'
    await changed.save()
    const row = await db.from('users').where('id', created.id).first()
    assert.equal(row.bio, 'Changed here')
    assert.equal(row.full_name, 'Renamed')
    assert.equal(row.posts_count, 8)
  }).skip(onPostgres(), SQLITE_ONLY)

  test('another connection built from the same config, then closed, leaves the direct path', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    const base = app.config.get<any>('database').connections.sqlite
    const other = join(app.tmpPath(), `key-reads-other-${process.pid}.sqlite`)
    db.manager.add('key_reads_other', { ...base, connection: { filename: other } })
    try {
      await db.connection('key_reads_other').rawQuery('select 1')
    } finally {
      await db.manager.release('key_reads_other')
      await rm(other, { force: true })
    }
    const before = directReadStats.reads
    assert.equal(keyRead(db.primaryConnectionName, 'users', user.id)?.id, user.id)
    assert.equal(directReadStats.reads - before, 1)
  }).skip(onPostgres(), SQLITE_ONLY)

  test('PostgreSQL: the rows are read through the query builder', async ({ assert }) => {
    const user = await UserFactory.create()
    made.push(user.id)
    assert.isUndefined(keyRead(db.primaryConnectionName, 'users', user.id))
  }).skip(onSqlite(), 'PostgreSQL only')
})

/**
 * The database session store reads the session's row and the row of the
 * user it is tagged with in one query (app/services/db/session_with_user.ts);
 * the session guard's provider for that request takes the user from it,
 * once. Both dialects: on PostgreSQL this is the round trip it saves.
 */
test.group('Security / the session and its user read in one query', (group) => {
  const made: number[] = []
  const sessionIds: string[] = []
  group.each.teardown(async () => {
    await db.from('sessions').whereIn('id', sessionIds).delete()
    await db.from('users').whereIn('id', made).delete()
    made.length = 0
    sessionIds.length = 0
  })

  /** A database-store session of `userId`, tagged with `tag`, read by a new request. */
  async function readSession(
    userId: number,
    tag: string | null,
    beforeTheRead: () => Promise<void> = async () => {}
  ) {
    const id = `with-user-${sessionIds.length}-${process.pid}`
    sessionIds.push(id)
    const { store: writer } = await databaseSessions()
    await writer.write(id, { auth_web: userId })
    if (tag !== null) await writer.tag(id, tag)
    await beforeTheRead()
    const ctx = {}
    const { store } = await databaseSessions(ctx)
    const data = await store.read(id)
    const provider = new RequestUserProvider(
      keyReadUserProvider({ model: () => import('#models/user') }),
      ctx as any
    )
    return { data, provider }
  }

  /** The full name of the user the provider finds for `id`. */
  async function nameFound(provider: RequestUserProvider<any>, id: number) {
    const found = await provider.findById(id)
    return found?.getOriginal().fullName
  }

  test('the guard takes the user read with the session, once', async ({ assert: a }) => {
    const user = await UserFactory.merge({ fullName: 'Read With Session' }).create()
    made.push(user.id)
    const { data, provider } = await readSession(user.id, String(user.id))
    a.deepEqual(data, { auth_web: user.id })

    // Changed after the session was read: this request still has the row it read...
    await db.from('users').where('id', user.id).update({ full_name: 'Changed Since' })
    const first = await provider.findById(user.id)
    a.equal(first?.getOriginal().fullName, 'Read With Session')
    a.isTrue(first?.getOriginal().$isPersisted)
    // ...and any later lookup reads the row anew.
    const second = await provider.findById(user.id)
    a.equal(second?.getOriginal().fullName, 'Changed Since')
  })

  test('a session tagged with another user, or not tagged, gives the guard nothing to take', async ({
    assert: a,
  }) => {
    const asked = await UserFactory.merge({ fullName: 'Asked For' }).create()
    const tagged = await UserFactory.merge({ fullName: 'Tagged' }).create()
    made.push(asked.id, tagged.id)

    const other = await readSession(asked.id, String(tagged.id))
    a.equal(await nameFound(other.provider, asked.id), 'Asked For')

    const untagged = await readSession(asked.id, null)
    await db.from('users').where('id', asked.id).update({ full_name: 'Read Anew' })
    a.equal(await nameFound(untagged.provider, asked.id), 'Read Anew')

    // A tag that is not a user id joins nothing (PostgreSQL casts only digits).
    const odd = await readSession(asked.id, 'not-a-user')
    a.deepEqual(odd.data, { auth_web: asked.id })
    a.equal(await nameFound(odd.provider, asked.id), 'Read Anew')
  })

  test('a deleted user is not kept: the guard finds no one', async ({ assert: a }) => {
    const user = await UserFactory.create()
    const { data, provider } = await readSession(user.id, String(user.id), async () => {
      await db.from('users').where('id', user.id).delete()
    })
    a.deepEqual(data, { auth_web: user.id })
    a.isNull(await provider.findById(user.id))
  })

  test('on SQLite the session and its user are one direct statement', async ({ assert: a }) => {
    const user = await UserFactory.merge({ fullName: 'Direct' }).create()
    made.push(user.id)
    let before = 0
    const { provider } = await readSession(user.id, String(user.id), async () => {
      before = directReadStats.reads
    })
    a.equal(await nameFound(provider, user.id), 'Direct')
    a.equal(directReadStats.reads - before, 1)
  }).skip(onPostgres(), SQLITE_ONLY)
})
