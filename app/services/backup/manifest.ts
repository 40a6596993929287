import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

/**
 * The archive written by `node ace backup` and read by `node ace restore`
 * (a gzipped tar):
 *
 *   manifest.json       this description, written last, packed first
 *   database.sqlite     SQLite: a snapshot taken with SQLite's backup API
 *   database.pgdump     PostgreSQL: `pg_dump --format=custom`
 *   media.sha256        one line per media file: `<sha256>  media/<key>`
 *   media/…             the files of the local media disk (MEDIA_ROOT)
 */
export const MANIFEST_FORMAT = 'huddle-backup'
export const MANIFEST_VERSION = 1
export const MEDIA_LISTING = 'media.sha256'
export const MEDIA_FOLDER = 'media'

export type BackupDialect = 'sqlite' | 'postgres'

export interface BackupPart {
  name: string
  bytes: number
  sha256: string
  /** media.sha256: how many files it lists. */
  files?: number
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT
  version: typeof MANIFEST_VERSION
  createdAt: string
  app: { name: string; version: string }
  dialect: BackupDialect
  /** The database's migrations when the snapshot was taken (adonis_schema). */
  migrations: { batch: number; count: number; last: string | null }
  /** Rows of the main tables in the snapshot. */
  counts: Record<string, number>
  parts: BackupPart[]
}

/** Tables counted in the manifest, and compared again after a restore. */
export const COUNTED_TABLES = [
  'users',
  'posts',
  'comments',
  'media',
  'post_likes',
  'comment_likes',
  'conversations',
  'messages',
  'notifications',
]

/**
 * A refusal or failure of backup/restore, with the command's exit code:
 * 1 failed, 2 bad archive (unreadable, corrupt, checksum mismatch),
 * 3 wrong dialect, 4 target not empty (without --force), 5 a tool is
 * missing (pg_dump, pg_restore, psql), 6 not supported (S3 media).
 */
export class BackupError extends Error {
  constructor(
    message: string,
    public exitCode: number = 1
  ) {
    super(message)
  }
}

export const EXIT = {
  failed: 1,
  badArchive: 2,
  wrongDialect: 3,
  notEmpty: 4,
  missingTool: 5,
  unsupported: 6,
} as const

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
  })
}

export function sha256Text(text: string) {
  return createHash('sha256').update(text).digest('hex')
}

/** The app's name and version, from its package.json. */
export async function appVersion() {
  try {
    const pkg = JSON.parse(await readFile(app.makePath('package.json'), 'utf8'))
    return { name: String(pkg.name ?? 'huddle'), version: String(pkg.version ?? '0.0.0') }
  } catch {
    return { name: 'huddle', version: '0.0.0' }
  }
}

/** Checks what a manifest claims to be before anything is trusted from it. */
export function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(text)
  } catch {
    throw new BackupError('The archive’s manifest.json is not valid JSON.', EXIT.badArchive)
  }
  if (manifest?.format !== MANIFEST_FORMAT || manifest.version !== MANIFEST_VERSION) {
    throw new BackupError(
      `Not a Huddle backup (format ${JSON.stringify(manifest?.format)} version ${JSON.stringify(manifest?.version)}; expected ${MANIFEST_FORMAT} version ${MANIFEST_VERSION}).`,
      EXIT.badArchive
    )
  }
  if (!['sqlite', 'postgres'].includes(manifest.dialect) || !Array.isArray(manifest.parts)) {
    throw new BackupError('The archive’s manifest is incomplete.', EXIT.badArchive)
  }
  return manifest
}
