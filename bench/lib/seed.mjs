// Seeds the benchmark databases: the app's own migrations (run by the
// production build's ace), then raw multi-row INSERTs inside transactions
// (no ORM). The seeded SQLite file is cached under tmp/ keyed on the hash of
// the seed scripts and the migrations, so a re-run only copies it.
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  renameSync,
} from 'node:fs'
import { join } from 'node:path'
import { Scrypt } from '@adonisjs/core/hash/drivers/scrypt'
import Database from 'better-sqlite3'
import pg from 'pg'
import { generate, PASSWORD } from './data.mjs'
import { run } from './proc.mjs'

export function seedHash(root) {
  const hash = createHash('sha256')
  for (const file of ['bench/lib/data.mjs', 'bench/lib/seed.mjs'])
    hash.update(readFileSync(join(root, file)))
  const migrations = join(root, 'database/migrations')
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(join(migrations, file)))
  return hash.digest('hex').slice(0, 16)
}

async function passwordHash() {
  // Same parameters as config/hash.ts.
  const scrypt = new Scrypt({ cost: 16384, blockSize: 8, parallelization: 1, maxMemory: 33554432 })
  return scrypt.make(PASSWORD)
}

async function migrate(buildDir, root, env) {
  await run(
    process.execPath,
    ['ace.js', 'migration:run', '--force', '--no-schema-generate', '--compact-output'],
    {
      cwd: buildDir,
      env: { ...process.env, ENV_PATH: root, NODE_ENV: 'production', ...env },
      quiet: true,
    }
  )
}

function rowsFor(table, dialect) {
  if (dialect === 'pg') return table.rows
  // SQLite: booleans as 0/1
  return table.rows.map((row) => {
    const out = { ...row }
    for (const key in out) if (typeof out[key] === 'boolean') out[key] = out[key] ? 1 : 0
    return out
  })
}

/** Raw multi-row inserts: `batch` rows per INSERT statement. */
function insertSqlite(db, table, batch = 200) {
  const cols = table.columns
  const tuple = `(${cols.map(() => '?').join(',')})`
  const full = db.prepare(
    `INSERT INTO ${table.name} (${cols.join(',')}) VALUES ${Array(batch).fill(tuple).join(',')}`
  )
  const rows = rowsFor(table, 'sqlite')
  db.transaction(() => {
    let i = 0
    for (; i + batch <= rows.length; i += batch) {
      const values = []
      for (let j = i; j < i + batch; j++) for (const c of cols) values.push(rows[j][c])
      full.run(values)
    }
    const rest = rows.slice(i)
    if (rest.length) {
      const stmt = db.prepare(
        `INSERT INTO ${table.name} (${cols.join(',')}) VALUES ${Array(rest.length).fill(tuple).join(',')}`
      )
      stmt.run(rest.flatMap((row) => cols.map((c) => row[c])))
    }
  })()
}

/** Seeds (or reuses) the cached SQLite file; returns { file, facts }. */
export async function ensureSqlite({ root, buildDir, log }) {
  const hash = seedHash(root)
  mkdirSync(join(root, 'tmp'), { recursive: true })
  const file = join(root, `tmp/bench-seed-${hash}.sqlite`)
  const factsFile = `${file}.facts.json`
  if (existsSync(file) && existsSync(factsFile)) {
    log(`Seeded SQLite database is cached (${file}).`)
    return { file, facts: JSON.parse(readFileSync(factsFile, 'utf8')) }
  }
  for (const old of readdirSync(join(root, 'tmp'))) {
    if (/^bench-seed-.*\.sqlite/.test(old)) rmSync(join(root, 'tmp', old), { force: true })
  }
  const partial = `${file}.partial`
  for (const ext of ['', '-wal', '-shm']) rmSync(partial + ext, { force: true })
  log('Seeding the SQLite benchmark database (1k users, 100k posts, 1M likes, 300k comments)…')
  const started = Date.now()
  await migrate(buildDir, root, { DB_CONNECTION: 'sqlite', DATABASE_PATH: partial })
  const { tables, facts } = generate(await passwordHash())
  const db = new Database(partial)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = OFF')
  for (const table of tables) insertSqlite(db, table)
  // New posts wait in the search index's queue (migration 0080); index them
  // all at once, as the app's first flush would.
  db.exec(`INSERT INTO posts_fts(rowid, body_text)
             SELECT p.id, p.body_text FROM posts_fts_pending q CROSS JOIN posts p WHERE p.id = q.post_id;
           DELETE FROM posts_fts_pending;`)
  // No ANALYZE: nothing runs it on a Huddle database, so SQLite plans the
  // app's queries without statistics there, and the benchmark measures
  // those plans (with statistics some plans differ, e.g. the feeds').
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.exec('VACUUM')
  db.close()
  for (const ext of ['-wal', '-shm']) rmSync(partial + ext, { force: true })
  renameSync(partial, file)
  const { writeFileSync } = await import('node:fs')
  writeFileSync(factsFile, JSON.stringify(facts, null, 2))
  log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return { file, facts }
}

/** A fresh copy of the seeded file for one run (S3/S4 write into it). */
export function workingCopy(seedFile, target) {
  for (const ext of ['', '-wal', '-shm']) rmSync(target + ext, { force: true })
  copyFileSync(seedFile, target)
  return target
}

/** Seeds (or reuses) the PostgreSQL bench database; returns facts. */
export async function ensurePg({ root, buildDir, log, url, adminUrl, database }) {
  const hash = seedHash(root)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (exists.rowCount) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const meta = await client
          .query('SELECT value FROM bench_meta WHERE key = $1', ['seed'])
          .catch(() => ({ rows: [] }))
        if (meta.rows[0]) {
          const saved = JSON.parse(meta.rows[0].value)
          if (saved.hash === hash) {
            log(`PostgreSQL benchmark database "${database}" is up to date.`)
            return saved.facts
          }
        }
      } finally {
        await client.end()
      }
      await admin.query(`DROP DATABASE "${database}" WITH (FORCE)`)
    }
    await admin.query(`CREATE DATABASE "${database}"`)
  } finally {
    await admin.end()
  }
  log(`Seeding PostgreSQL database "${database}"…`)
  const started = Date.now()
  await migrate(buildDir, root, { DB_CONNECTION: 'pg', PG_URL: url })
  const { tables, facts } = generate(await passwordHash())
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('BEGIN')
    for (const table of tables) {
      const cols = table.columns
      const batch = Math.floor(60000 / cols.length)
      for (let i = 0; i < table.rows.length; i += batch) {
        const chunk = table.rows.slice(i, i + batch)
        const values = []
        const tuples = chunk.map((row) => {
          const start = values.length
          for (const c of cols) values.push(row[c])
          return `(${cols.map((_, k) => `$${start + k + 1}`).join(',')})`
        })
        await client.query(
          `INSERT INTO ${table.name} (${cols.join(',')}) VALUES ${tuples.join(',')}`,
          values
        )
      }
      if (cols.includes('id')) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('${table.name}', 'id'), (SELECT max(id) FROM ${table.name}))`
        )
      }
    }
    await client.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)')
    await client.query('INSERT INTO bench_meta VALUES ($1, $2)', [
      'seed',
      JSON.stringify({ hash, facts }),
    ])
    await client.query('COMMIT')
    await client.query('ANALYZE')
  } finally {
    await client.end()
  }
  log(`Seeded PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return facts
}
