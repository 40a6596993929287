import {
  copyFile,
  chmod,
  link,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { databasePath } from '#services/paths'
import { driveDisk, mediaRoot } from '#config/drive'
import {
  appVersion,
  BackupError,
  COUNTED_TABLES,
  EXIT,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  MEDIA_FOLDER,
  MEDIA_LISTING,
  sha256File,
  sha256Text,
  type BackupDialect,
  type BackupManifest,
  type BackupPart,
} from '#services/backup/manifest'
import { libpqEnvironment, runTool } from '#services/backup/tools'

export interface BackupOptions {
  /** Archive to write (default storage/backups/huddle-backup-<UTC time>.tar.gz). */
  output?: string
  /** Leave the media out (the only way with DRIVE_DISK=s3: back the bucket up on its side). */
  skipMedia?: boolean
}

export interface BackupResult {
  file: string
  bytes: number
  manifest: BackupManifest
}

export function currentDialect(): BackupDialect {
  return db.connection().dialect.name === 'postgres' ? 'postgres' : 'sqlite'
}

function defaultOutput() {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')
  return resolve(process.cwd(), 'storage/backups', `huddle-backup-${stamp}.tar.gz`)
}

type Row = Record<string, unknown>
type Query = (sql: string) => Promise<Row[]>

/** Migrations and row counts, read through `query` (the snapshot's own view). */
async function describe(query: Query) {
  const [migrations] = await query(
    'SELECT COALESCE(MAX(batch), 0) AS batch, COUNT(*) AS count, MAX(name) AS last FROM adonis_schema'
  )
  const counts: Record<string, number> = {}
  for (const table of COUNTED_TABLES) {
    const [row] = await query(`SELECT COUNT(*) AS total FROM ${table}`)
    counts[table] = Number(row.total)
  }
  return {
    migrations: {
      batch: Number(migrations.batch),
      count: Number(migrations.count),
      last: (migrations.last as string | null) ?? null,
    },
    counts,
  }
}

/**
 * SQLite: SQLite's online backup API (better-sqlite3 `.backup()`), never a
 * file copy. The whole database is copied in one step, inside one read
 * transaction, so the copy is a consistent snapshot even while the app
 * writes (WAL: the app's writers are not held); then it is described from
 * the copy itself.
 */
async function snapshotSqlite(stage: string) {
  const target = join(stage, 'database.sqlite')
  const source = new Database(databasePath(), { readonly: true, fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(target, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  const copy = new Database(target, { readonly: true, fileMustExist: true })
  try {
    const [check] = copy.pragma('integrity_check') as { integrity_check: string }[]
    if (check.integrity_check !== 'ok') {
      throw new BackupError(
        `The snapshot failed SQLite's integrity check: ${check.integrity_check}`
      )
    }
    const info = await describe(async (sql) => copy.prepare(sql).all() as Row[])
    return { file: target, ...info }
  } finally {
    copy.close()
  }
}

/**
 * PostgreSQL: `pg_dump --format=custom` of a snapshot this process holds
 * open (REPEATABLE READ, pg_export_snapshot), so the counts and migrations
 * in the manifest describe exactly the rows in the dump.
 */
async function snapshotPostgres(stage: string) {
  const target = join(stage, 'database.pgdump')
  const libpq = libpqEnvironment(env.get('PG_URL') ?? '')
  const trx = await db.transaction()
  try {
    // Explicitly, as the transaction's first statement: Lucid's
    // db.transaction(options) takes its first argument for a callback and
    // drops the isolation level, and under READ COMMITTED every COUNT below
    // would see rows committed after the exported snapshot.
    await trx.rawQuery('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
    const exported = await trx.rawQuery('SELECT pg_export_snapshot() AS id')
    const snapshot = String(exported.rows[0].id)
    const info = await describe(async (sql) => {
      const result = await trx.rawQuery(sql)
      return result.rows
    })
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', `--snapshot=${snapshot}`, `--file=${target}`],
      libpq
    )
    return { file: target, ...info }
  } finally {
    await trx.commit().catch(() => {})
  }
}

/**
 * Links every file of the media folder not staged yet into `stage` (hard
 * links: a copy when the stage is on another file system). Files are
 * written once under fresh keys and never changed, so a link is a snapshot
 * of the file, and a file deleted afterwards stays in the archive.
 */
async function linkMedia(root: string, stage: string, staged: Set<string>) {
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
      if (entry.isDirectory()) {
        await walk(path)
        continue
      }
      if (!entry.isFile()) continue
      const rel = relative(root, path).split('\\').join('/')
      if (staged.has(rel)) continue
      const target = join(stage, MEDIA_FOLDER, rel)
      await mkdir(dirname(target), { recursive: true })
      try {
        await link(path, target)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') continue // deleted meanwhile
        if (code !== 'EXDEV' && code !== 'EPERM') throw error
        try {
          await copyFile(path, target)
        } catch (copyError) {
          if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') continue
          throw copyError
        }
      }
      staged.add(rel)
    }
  }
  await mkdir(join(stage, MEDIA_FOLDER), { recursive: true })
  await walk(root)
}

/** media.sha256 for the staged files; returns its summary for the manifest. */
async function listStagedMedia(stage: string, staged: Set<string>) {
  const lines: string[] = []
  let bytes = 0
  for (const rel of [...staged].sort()) {
    const path = join(stage, MEDIA_FOLDER, rel)
    const info = await stat(path)
    bytes += info.size
    lines.push(`${await sha256File(path)}  ${MEDIA_FOLDER}/${rel}`)
  }
  const listing = lines.length ? `${lines.join('\n')}\n` : ''
  await writeFile(join(stage, MEDIA_LISTING), listing)
  return { files: lines.length, bytes, sha256: sha256Text(listing) }
}

/**
 * `node ace backup`: a consistent online backup of the database and the
 * media into one gzipped tar with a manifest (app/services/backup/manifest.ts).
 * Safe while the app serves: the database is one snapshot, and the media
 * are staged (hard links) before and after it, so every file a snapshot row
 * points at is in the archive (the app stores files before it commits their
 * rows, and deletes them after). The archive is written under a temporary
 * name and renamed when complete.
 */
export async function createBackup(options: BackupOptions = {}): Promise<BackupResult> {
  const includeMedia = !options.skipMedia
  if (includeMedia && driveDisk !== 'fs') {
    throw new BackupError(
      `The media are on the "${driveDisk}" disk: this command backs up the local disk only. Back the bucket up on its side (versioning, replication) and run the backup with --skip-media.`,
      EXIT.unsupported
    )
  }
  const file = resolve(options.output ?? defaultOutput())
  await mkdir(dirname(file), { recursive: true })
  const stage = await mkdtemp(join(dirname(file), '.huddle-backup-'))
  const partial = `${file}.partial`
  try {
    // Media before and after the database snapshot. Before: a row of the
    // snapshot whose post is deleted later still finds its files (the app
    // deletes files only after the rows' deletion commits, so after the
    // snapshot, so after this pass). After: the files of rows committed
    // during the first pass. Only a file both created and deleted while the
    // backup runs can be missing, and its rows are then gone too.
    const staged = new Set<string>()
    if (includeMedia) await linkMedia(mediaRoot(), stage, staged)
    const dialect = currentDialect()
    const snapshot =
      dialect === 'postgres' ? await snapshotPostgres(stage) : await snapshotSqlite(stage)
    const snapshotInfo = await stat(snapshot.file)
    const databasePart: BackupPart = {
      name: dialect === 'postgres' ? 'database.pgdump' : 'database.sqlite',
      bytes: snapshotInfo.size,
      sha256: await sha256File(snapshot.file),
    }
    if (includeMedia) await linkMedia(mediaRoot(), stage, staged)
    else await mkdir(join(stage, MEDIA_FOLDER), { recursive: true })
    const media = await listStagedMedia(stage, staged)
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      app: await appVersion(),
      dialect,
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      parts: [
        databasePart,
        { name: MEDIA_LISTING, bytes: media.bytes, sha256: media.sha256, files: media.files },
      ],
    }
    await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [
      'manifest.json',
      databasePart.name,
      MEDIA_LISTING,
      MEDIA_FOLDER,
    ])
    // It holds password hashes and private messages: the owner only.
    await chmod(partial, 0o600)
    await rename(partial, file)
    const written = await stat(file)
    return { file, bytes: written.size, manifest }
  } finally {
    await rm(stage, { recursive: true, force: true })
    await rm(partial, { force: true })
  }
}
