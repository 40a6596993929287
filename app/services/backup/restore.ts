import { existsSync } from 'node:fs'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { databasePath } from '#services/paths'
import { driveDisk, mediaRoot } from '#config/drive'
import {
  BackupError,
  COUNTED_TABLES,
  EXIT,
  MEDIA_FOLDER,
  MEDIA_LISTING,
  parseManifest,
  sha256File,
  type BackupManifest,
} from '#services/backup/manifest'
import { currentDialect } from '#services/backup/backup'
import { libpqEnvironment, runTool } from '#services/backup/tools'

export interface RestoreOptions {
  archive: string
  /** Replace a database that has users and a media folder that has files. */
  force?: boolean
}

const DIALECT_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' }

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string) => {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else found.push(relative(root, path).split('\\').join('/'))
    }
  }
  await walk(root)
  return found.sort()
}

/** Every part's checksum, and every media file against media.sha256 (nothing more, nothing less). */
async function verify(work: string, manifest: BackupManifest) {
  for (const part of manifest.parts) {
    const path = join(work, part.name)
    if (!existsSync(path)) {
      throw new BackupError(`The archive has no ${part.name}: it is incomplete.`, EXIT.badArchive)
    }
    if ((await sha256File(path)) !== part.sha256) {
      throw new BackupError(
        `${part.name} does not match its checksum in the manifest: the archive is corrupt.`,
        EXIT.badArchive
      )
    }
  }
  const listing = await readFile(join(work, MEDIA_LISTING), 'utf8')
  const expected = new Map<string, string>()
  for (const line of listing.split('\n').filter(Boolean)) {
    const match = line.match(/^([0-9a-f]{64}) {2}(.+)$/)
    if (!match) throw new BackupError(`${MEDIA_LISTING} is malformed.`, EXIT.badArchive)
    expected.set(match[2], match[1])
  }
  const unpacked = await listFiles(join(work, MEDIA_FOLDER))
  const present = unpacked.map((file) => `${MEDIA_FOLDER}/${file}`)
  const missing = [...expected.keys()].filter((file) => !present.includes(file))
  const extra = present.filter((file) => !expected.has(file))
  if (missing.length || extra.length) {
    throw new BackupError(
      `The media in the archive differ from ${MEDIA_LISTING} (${missing.length} missing, ${extra.length} unlisted): the archive is corrupt.`,
      EXIT.badArchive
    )
  }
  for (const [file, sum] of expected) {
    if ((await sha256File(join(work, file))) !== sum) {
      throw new BackupError(
        `${file} does not match its checksum: the archive is corrupt.`,
        EXIT.badArchive
      )
    }
  }
  return expected.size
}

/** Users in the target database (0 when it has no tables yet). */
async function targetUsers() {
  const connection = db.connection()
  if (!(await connection.schema.hasTable('users'))) return 0
  const [row] = await connection.from('users').count('* as total')
  return Number(row.total)
}

async function compareCounts(manifest: BackupManifest, counts: Record<string, number>) {
  const wrong = COUNTED_TABLES.filter(
    (table) => manifest.counts[table] !== undefined && manifest.counts[table] !== counts[table]
  )
  if (wrong.length) {
    throw new BackupError(
      `The restored database does not hold the rows the manifest lists: ${wrong
        .map((table) => `${table} ${counts[table]} ≠ ${manifest.counts[table]}`)
        .join(', ')}.`,
      EXIT.badArchive
    )
  }
}

/** Moves every entry of `from` into `to` (same file system: renames). */
async function moveContents(from: string, to: string) {
  await mkdir(to, { recursive: true })
  for (const entry of await readdir(from)) await rename(join(from, entry), join(to, entry))
}

/**
 * SQLite: the snapshot is copied next to the database file, checked
 * (integrity_check, row counts against the manifest), and only then
 * renamed over it. The old file's -wal/-shm go first: a stale log must
 * never be replayed onto the restored file.
 */
async function prepareSqlite(work: string, manifest: BackupManifest) {
  const target = databasePath()
  const prepared = `${target}.restoring-${process.pid}`
  await copyFile(join(work, 'database.sqlite'), prepared)
  const copy = new Database(prepared, { fileMustExist: true })
  try {
    const [check] = copy.pragma('integrity_check') as { integrity_check: string }[]
    if (check.integrity_check !== 'ok') {
      throw new BackupError(
        `The archived database fails SQLite's integrity check: ${check.integrity_check}`,
        EXIT.badArchive
      )
    }
    const counts: Record<string, number> = {}
    for (const table of COUNTED_TABLES) {
      counts[table] = Number(
        (copy.prepare(`SELECT COUNT(*) AS total FROM ${table}`).get() as { total: number }).total
      )
    }
    await compareCounts(manifest, counts)
    copy.pragma('journal_mode = WAL')
  } catch (error) {
    copy.close()
    await rm(prepared, { force: true })
    throw error
  }
  copy.close()
  return {
    async commit() {
      for (const suffix of ['-wal', '-shm', '-journal'])
        await rm(`${target}${suffix}`, { force: true })
      await rename(prepared, target)
    },
    async discard() {
      await rm(prepared, { force: true })
    },
  }
}

/**
 * PostgreSQL: pg_restore turns the dump into SQL, and psql runs it in ONE
 * transaction after emptying the public schema: either the whole backup is
 * in the database, or nothing changed.
 */
async function preparePostgres(work: string) {
  const libpq = libpqEnvironment(env.get('PG_URL') ?? '')
  const script = join(work, 'restore.sql')
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-acl', `--file=${script}`, join(work, 'database.pgdump')],
    libpq
  )
  const reset = join(work, 'reset.sql')
  await writeFile(reset, 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n')
  return {
    async commit() {
      await runTool(
        'psql',
        [
          '--no-psqlrc',
          '--quiet',
          '--single-transaction',
          '-v',
          'ON_ERROR_STOP=1',
          '-f',
          reset,
          '-f',
          script,
        ],
        libpq
      )
    },
    async discard() {},
  }
}

/**
 * `node ace restore <archive>`: into a fresh instance (a database without
 * users, an empty media folder; `force` replaces them). The archive is
 * unpacked next to the media folder and verified (checksums, dialect,
 * counts) before anything is touched; then the media folder's contents are
 * swapped and the database replaced in one step (a rename on SQLite, one
 * transaction on PostgreSQL). If the database step fails, the media are
 * put back. The caller then runs the pending migrations (the archive may
 * come from an older version) and `counters:repair --dry-run`.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  if (!existsSync(options.archive)) {
    throw new BackupError(`No such file: ${options.archive}`, EXIT.badArchive)
  }
  const root = mediaRoot()
  const work = await mkdtemp(join(dirname(root), '.huddle-restore-'))
  try {
    try {
      await tar.extract({ file: options.archive, cwd: work, strict: true })
    } catch (error) {
      throw new BackupError(
        `${options.archive} is not a readable backup archive: ${(error as Error).message}`,
        EXIT.badArchive
      )
    }
    if (!existsSync(join(work, 'manifest.json'))) {
      throw new BackupError(
        `${options.archive} has no manifest.json: not a Huddle backup.`,
        EXIT.badArchive
      )
    }
    const manifest = parseManifest(await readFile(join(work, 'manifest.json'), 'utf8'))
    const dialect = currentDialect()
    if (manifest.dialect !== dialect) {
      throw new BackupError(
        `This backup is of a ${DIALECT_NAMES[manifest.dialect]} database; this instance uses ${DIALECT_NAMES[dialect]} (DB_CONNECTION). Restore it into a ${DIALECT_NAMES[manifest.dialect]} instance.`,
        EXIT.wrongDialect
      )
    }
    const mediaFiles = await verify(work, manifest)
    if (mediaFiles > 0 && driveDisk !== 'fs') {
      throw new BackupError(
        `The archive holds ${mediaFiles} media file(s), and this instance keeps media on the "${driveDisk}" disk: restore into an instance with DRIVE_DISK=fs.`,
        EXIT.unsupported
      )
    }

    const users = await targetUsers()
    const existing = await listFiles(root)
    if (!options.force && (users > 0 || existing.length > 0)) {
      const what = [
        users > 0 ? `the database has ${users} user(s)` : null,
        existing.length > 0 ? `the media folder ${root} has ${existing.length} file(s)` : null,
      ]
        .filter(Boolean)
        .join(' and ')
      throw new BackupError(
        `Refusing to restore into an instance in use: ${what}. Restore into a fresh instance, or pass --force to replace them.`,
        EXIT.notEmpty
      )
    }

    // Nothing is changed before this point.
    const database =
      dialect === 'postgres' ? await preparePostgres(work) : await prepareSqlite(work, manifest)
    await db.manager.closeAll()
    const previous = join(work, 'previous-media')
    await moveContents(root, previous)
    try {
      await moveContents(join(work, MEDIA_FOLDER), root)
      await database.commit()
    } catch (error) {
      await database.discard()
      // Put the media folder back as it was.
      await rm(root, { recursive: true, force: true })
      await mkdir(root, { recursive: true })
      await moveContents(previous, root)
      throw error
    }
    if (dialect === 'postgres') {
      const counts: Record<string, number> = {}
      for (const table of COUNTED_TABLES) {
        const [row] = await db.connection().from(table).count('* as total')
        counts[table] = Number(row.total)
      }
      await compareCounts(manifest, counts)
    }
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
