import Database from 'better-sqlite3'
import { test } from '@japa/runner'
import { cacheStatements } from '#services/sqlite_statement_cache'

test.group('SQLite statement cache', () => {
  test('the same SQL text gets the same prepared statement', ({ assert }) => {
    const db = new Database(':memory:')
    const cache = cacheStatements(db)
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)')
    const first = db.prepare('SELECT name FROM t WHERE id = ?')
    assert.strictEqual(db.prepare('SELECT name FROM t WHERE id = ?'), first)
    assert.notStrictEqual(db.prepare('SELECT id FROM t WHERE id = ?'), first)
    assert.equal(cache.size, 2)
    db.close()
  })

  test('a reused statement binds fresh values and sees new rows', ({ assert }) => {
    const db = new Database(':memory:')
    cacheStatements(db)
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)')
    db.prepare('INSERT INTO t (name) VALUES (?)').run('ana')
    assert.deepEqual(db.prepare('SELECT name FROM t WHERE id = ?').all(1), [{ name: 'ana' }])
    db.prepare('INSERT INTO t (name) VALUES (?)').run('ben')
    assert.deepEqual(db.prepare('SELECT name FROM t WHERE id = ?').all(2), [{ name: 'ben' }])
    db.close()
  })

  test('a cached statement still works after the schema changes', ({ assert }) => {
    const db = new Database(':memory:')
    cacheStatements(db)
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)')
    db.prepare('INSERT INTO t (name) VALUES (?)').run('ana')
    assert.deepEqual(db.prepare('SELECT * FROM t').all(), [{ id: 1, name: 'ana' }])
    db.exec('ALTER TABLE t ADD COLUMN bio TEXT')
    assert.deepEqual(db.prepare('SELECT * FROM t').all(), [{ id: 1, name: 'ana', bio: null }])
    db.exec(
      "DROP TABLE t; CREATE TABLE t (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO t (title) VALUES ('x')"
    )
    assert.deepEqual(db.prepare('SELECT * FROM t').all(), [{ id: 1, title: 'x' }])
    db.close()
  })

  test('is bounded: the least recently used statement is dropped', ({ assert }) => {
    const db = new Database(':memory:')
    const cache = cacheStatements(db, 3)
    const a = db.prepare('SELECT 1')
    db.prepare('SELECT 2')
    db.prepare('SELECT 3')
    assert.strictEqual(db.prepare('SELECT 1'), a) // now the most recent
    db.prepare('SELECT 4') // evicts "SELECT 2"
    assert.equal(cache.size, 3)
    assert.deepEqual([...cache.keys()], ['SELECT 3', 'SELECT 1', 'SELECT 4'])
    db.close()
  })

  test('invalid SQL throws and is not cached', ({ assert }) => {
    const db = new Database(':memory:')
    const cache = cacheStatements(db)
    assert.throws(() => db.prepare('SELEC nothing'))
    assert.equal(cache.size, 0)
    db.close()
  })
})
