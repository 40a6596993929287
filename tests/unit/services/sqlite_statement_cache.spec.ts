import Database from 'better-sqlite3'
import { test } from '@japa/runner'
import { cacheStatements, withStablePlan } from '#services/sqlite_statement_cache'

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

  test('until it is full, a hit leaves the order as it is (no deleted slots)', ({ assert }) => {
    const db = new Database(':memory:')
    const cache = cacheStatements(db, 3)
    const a = db.prepare('SELECT 1')
    db.prepare('SELECT 2')
    assert.strictEqual(db.prepare('SELECT 1'), a)
    assert.deepEqual([...cache.keys()], ['SELECT 1', 'SELECT 2'])
    db.prepare('SELECT 3') // full now: hits move to the end again
    assert.strictEqual(db.prepare('SELECT 1'), a)
    assert.deepEqual([...cache.keys()], ['SELECT 2', 'SELECT 3', 'SELECT 1'])
    db.prepare('SELECT 4') // evicts "SELECT 2", the least recently used
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

test.group('SQLite statement cache: parameters SQLite cannot peek at', () => {
  const SCHEMA = `
    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, tags TEXT);
    CREATE INDEX t_name ON t (name);
    INSERT INTO t (name, score, data, tags) VALUES
      ('ana', 1.5, x'00ff', '["a","b"]'), ('ben', NULL, NULL, '[]'), ('c''y', 3, x'01', '["c"]'),
      ('dee_%', 4, NULL, NULL);
    CREATE VIRTUAL TABLE docs USING fts5 (body);
    INSERT INTO docs (body) VALUES ('lunch on friday'), ('friday release'), ('monday');
    ANALYZE;
  `

  test('writes each placeholder as +?, outside strings, identifiers and comments', ({ assert }) => {
    assert.equal(
      withStablePlan('select * from t where id = ? limit ?'),
      'select * from t where id = +? limit +?'
    )
    assert.equal(
      withStablePlan(
        'select \'a ? b\' as `c?`, "d?", [e?] from t /* ? */ where x in (?,?) -- ?\n and y=?'
      ),
      'select \'a ? b\' as `c?`, "d?", [e?] from t /* ? */ where x in (+?,+?) -- ?\n and y=+?'
    )
    assert.equal(withStablePlan("select 'it''s ?' || ?"), "select 'it''s ?' || +?")
    const untouched = 'select id from t'
    assert.strictEqual(withStablePlan(untouched), untouched)
    assert.equal(withStablePlan('select ?1, ?2'), 'select ?1, ?2')
    assert.equal(withStablePlan("select 'open ?"), "select 'open ?")
  })

  test('every kind of statement gives what it gives without the cache', ({ assert }) => {
    const cached = new Database(':memory:')
    const cache = cacheStatements(cached)
    const plain = new Database(':memory:')
    cached.exec(SCHEMA)
    plain.exec(SCHEMA)
    const outcome = (database: Database.Database, sql: string, bindings: unknown[]) => {
      try {
        const statement = database.prepare(sql)
        return statement.reader ? statement.all(bindings) : statement.run(bindings).changes
      } catch (error) {
        return `error: ${(error as Error).message}`
      }
    }
    const cases: [string, unknown[]][] = [
      ['select name from t where id = ?', [2]],
      ['select name from t where id = ?', ['2']],
      ['select name from t where name = ? order by id limit ? offset ?', ["c'y", 5, 0]],
      [
        'select id from t where name in (?, ?) and (score > ? or score is ?)',
        ['ana', 'ben', 2, null],
      ],
      ['select id from t where score = ?', ['4']],
      ['select id from t where score between ? and ?', [1, 3.5]],
      ["select id from t where name like ? escape '\\'", ['dee\\_\\%']],
      ['select id from t where name like ?', ['b%']],
      ['select id from t where data = ?', [Buffer.from([0, 255])]],
      ['select id, case when ? then name else ? end as v from t order by id limit ?', [1, 'no', 2]],
      [
        'select ? as answer, typeof(?) as kind, -? as neg, ? || ? as joined',
        [42, 1.5, 7, 'a', 'b'],
      ],
      ['select t.id, j.value from t, json_each(t.tags) j where j.value = ?', ['c']],
      ['select value from json_each(?) order by value desc limit ?', ['[3,1,2]', 2]],
      ['select rowid from docs where docs match ? order by rank', ['friday']],
      ['insert into t (name, score) values (?, ?), (?, ?)', ['eve', '5', 'fay', null]],
      [
        'update t set score = score + ? where id in (select id from t order by id desc limit ?)',
        [1, 2],
      ],
      [
        'insert into t (id, name) values (?, ?) on conflict (id) do update set name = excluded.name || ?',
        [1, 'ana', '!'],
      ],
      ['delete from t where name = ? returning id', ['fay']],
      ['select id, name, score from t order by id', []],
      ['select id from t where id = ?', []],
      ['select id from t where id = ?', [1, 2]],
      ['select id from t limit ?', [null]],
    ]
    for (const [sql, bindings] of cases) {
      assert.deepEqual(outcome(cached, sql, bindings), outcome(plain, sql, bindings), sql)
    }
    assert.include(cached.prepare('select name from t where id = ?').source, 'id = +?')
    assert.isTrue(cache.has('select name from t where id = ?'))
    cached.close()
    plain.close()
  })
})
