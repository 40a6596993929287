import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import Database from 'better-sqlite3'
import { test } from '@japa/runner'
import {
  adoptSqliteConnection,
  DEFAULT_AUTOCHECKPOINT,
  FALLBACK_AUTOCHECKPOINT,
  SqliteCheckpointer,
  sqliteCheckpointer,
  startSqliteCheckpointer,
  stopSqliteCheckpointer,
} from '#services/sqlite_checkpointer'

/** A WAL database in a new temporary folder, as config/database.ts opens the app's. */
function walDatabase(cleanup: (fn: () => void) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'huddle-checkpoint-'))
  const filename = join(dir, 'db.sqlite')
  const db = new Database(filename)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)')
  cleanup(() => {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { db, filename }
}

/** One transaction per row, as the app commits (a 3 KB row is about one page). */
function writeRows(db: Database.Database, count: number) {
  const insert = db.prepare('INSERT INTO t (payload) VALUES (randomblob(3000))')
  for (let i = 0; i < count; i++) insert.run()
}

const threshold = (db: Database.Database) => db.pragma('wal_autocheckpoint', { simple: true })
const count = (db: Database.Database) =>
  (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(10)
  }
  return true
}

test.group('SQLite checkpointer (WAL checkpoints in a worker thread)', (group) => {
  group.each.teardown(() => stopSqliteCheckpointer())

  test('the worker copies committed pages into the database file on its timer', async ({
    assert,
    cleanup,
  }) => {
    const { db, filename } = walDatabase(cleanup)
    adoptSqliteConnection(db)
    const checkpointer = await startSqliteCheckpointer({ filename, intervalMs: 20 })
    const before = statSync(filename).size

    writeRows(db, 300)
    // The app's connection only checkpoints past FALLBACK_AUTOCHECKPOINT pages:
    // whatever reaches the database file was copied by the worker.
    const copied = () => statSync(filename).size > before + 300 * 3000
    // The worker reports a checkpoint that copied pages once it has finished.
    assert.isTrue(await until(() => copied() && checkpointer.lastResult !== null))
    assert.isAbove(checkpointer.lastResult!.checkpointed, 0)
    assert.isNull(checkpointer.lastError)

    const reader = new Database(filename, { readonly: true })
    assert.equal(count(reader), 300)
    reader.close()
  })

  test("the app's connections checkpoint only as a fallback while the worker runs", async ({
    assert,
    cleanup,
  }) => {
    const { db, filename } = walDatabase(cleanup)
    adoptSqliteConnection(db)
    assert.equal(threshold(db), DEFAULT_AUTOCHECKPOINT)

    await startSqliteCheckpointer({ filename })
    assert.equal(threshold(db), FALLBACK_AUTOCHECKPOINT)
    const later = new Database(filename)
    cleanup(() => {
      later.close()
    })
    adoptSqliteConnection(later) // a connection the pool opens afterwards
    assert.equal(threshold(later), FALLBACK_AUTOCHECKPOINT)

    await stopSqliteCheckpointer()
    assert.isNull(sqliteCheckpointer())
    assert.equal(threshold(db), DEFAULT_AUTOCHECKPOINT)
    assert.equal(threshold(later), DEFAULT_AUTOCHECKPOINT)
  })

  test('a worker that cannot open the database leaves the connections to SQLite', async ({
    assert,
    cleanup,
  }) => {
    const { db, filename } = walDatabase(cleanup)
    adoptSqliteConnection(db)
    await assert.rejects(() =>
      startSqliteCheckpointer({ filename: join(filename, '..', 'missing.sqlite') })
    )
    assert.isNull(sqliteCheckpointer())
    assert.equal(threshold(db), DEFAULT_AUTOCHECKPOINT)
  })

  test('a checkpointer that cannot open its file ends, reporting why, and nothing else fails', async ({
    assert,
  }) => {
    const checkpointer = new SqliteCheckpointer({ filename: '/nonexistent/huddle.sqlite' })
    assert.isTrue(await until(() => !checkpointer.running))
    assert.match(checkpointer.lastError ?? '', /does not exist/)
    assert.isNull(await checkpointer.checkpoint().catch(() => null))
  })

  test('a transaction that reads, then writes, never finds the worker holding a lock', async ({
    assert,
    cleanup,
  }) => {
    const { db, filename } = walDatabase(cleanup)
    // No busy timeout: any lock the worker held while a transaction of the app
    // upgrades from reading to writing would throw SQLITE_BUSY here (SQLite
    // does not wait in that case, whatever the timeout).
    db.pragma('busy_timeout = 0')
    adoptSqliteConnection(db)
    const checkpointer = await startSqliteCheckpointer({ filename, intervalMs: 1 })
    const toggle = db.transaction(() => {
      // A read (not a count: the table grows to the threshold), then a write.
      db.prepare('SELECT id FROM t ORDER BY id DESC LIMIT 1').get()
      writeRows(db, 1)
    })
    // Past FALLBACK_AUTOCHECKPOINT pages, with the worker copying all along.
    const toggles = FALLBACK_AUTOCHECKPOINT + 1000
    for (let i = 0; i < toggles; i++) {
      toggle()
      if (i % 100 === 0) await sleep(1)
    }
    assert.equal(count(db), toggles)
    assert.isTrue(await until(() => (checkpointer.lastResult?.checkpointed ?? 0) > 0))
    assert.isNull(checkpointer.lastError)
  })

  test('under writes that never pause, the log still starts over', async ({ assert, cleanup }) => {
    const { db, filename } = walDatabase(cleanup)
    adoptSqliteConnection(db)
    await startSqliteCheckpointer({ filename, intervalMs: 1 })
    const pageBytes = db.pragma('page_size', { simple: true }) as number
    // The WAL header's checkpoint sequence number goes up each time the log
    // starts over from its beginning (https://sqlite.org/fileformat.html#wal_file_format).
    const restarts = () => readFileSync(`${filename}-wal`).readUInt32BE(12)
    writeRows(db, 1)
    const before = restarts()
    // Three times the fallback threshold in rows (a page or more each), without a pause.
    for (let i = 0; i < 3 * FALLBACK_AUTOCHECKPOINT; i++) writeRows(db, 1)
    assert.isAbove(restarts(), before)
    // A log that never started over would hold every row's page.
    assert.isBelow(statSync(`${filename}-wal`).size / pageBytes, 2 * FALLBACK_AUTOCHECKPOINT)
  })

  test('rows written while the worker checkpoints every few milliseconds are all there', async ({
    assert,
    cleanup,
  }) => {
    const { db, filename } = walDatabase(cleanup)
    adoptSqliteConnection(db)
    const checkpointer = await startSqliteCheckpointer({ filename, intervalMs: 2 })
    for (let batch = 0; batch < 40; batch++) {
      db.transaction(() => writeRows(db, 25))()
      await sleep(1)
    }
    assert.isTrue(await until(() => (checkpointer.lastResult?.checkpointed ?? 0) > 0))
    await stopSqliteCheckpointer()
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok')
    assert.equal(count(db), 1000)
    assert.isNull(checkpointer.lastError)
  })
})
