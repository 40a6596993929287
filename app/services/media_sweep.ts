import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Removes stored files that no row points at (issue 18 §2, "no orphan
 * media file").
 *
 * The app writes an upload's files before the transaction that inserts its
 * rows, and deletes a post's files after the transaction that deletes its
 * rows: that order never leaves a row without its file, but a process killed
 * between the two steps (kill -9, a crash, a power cut) leaves files nobody
 * references. They are harmless and invisible, and this sweep deletes them.
 *
 * A file is an orphan when its key is under one of the app's prefixes
 * (media/, avatars/, covers/), no row references it (media.file_key,
 * display_key, thumb_key; users.avatar_key and its small size,
 * users.cover_key) and it is older than `olderThanMs`: a younger file may
 * belong to an upload still in flight on this or another node, whose rows
 * are not committed yet. Keys are checked 500 at a time, so memory stays
 * flat however many files there are. Run hourly by the scheduler
 * (start/scheduler.ts) and by `node ace media:sweep`.
 */
export const SWEPT_PREFIXES = ['media/', 'avatars/', 'covers/']
/** Well past any request: an upload's rows are committed or rolled back by then. */
export const DEFAULT_GRACE_MS = 60 * 60 * 1000
const CHUNK = 500

export interface SweepOptions {
  /** Only files last modified this long ago (default one hour). */
  olderThanMs?: number
  dryRun?: boolean
  /** Defaults: the app's database and media disk. */
  client?: QueryClientContract
  disk?: ReturnType<typeof drive.use>
}

export interface SweepReport {
  scanned: number
  orphans: string[]
  deleted: number
}

/** The row value that would reference `key` (an avatar's small size is stored under its large key). */
function referenceOf(key: string) {
  return key.startsWith('avatars/') ? key.replace(/-96\.webp$/, '-256.webp') : key
}

async function referenced(client: QueryClientContract, keys: string[]) {
  const found = new Set<string>()
  if (keys.length === 0) return found
  const media = await client
    .from('media')
    .whereIn('file_key', keys)
    .orWhereIn('display_key', keys)
    .orWhereIn('thumb_key', keys)
    .select('file_key', 'display_key', 'thumb_key')
  for (const row of media) {
    for (const key of [row.file_key, row.display_key, row.thumb_key]) if (key) found.add(key)
  }
  const users = await client
    .from('users')
    .whereIn('avatar_key', keys)
    .orWhereIn('cover_key', keys)
    .select('avatar_key', 'cover_key')
  for (const row of users) {
    for (const key of [row.avatar_key, row.cover_key]) if (key) found.add(key)
  }
  return found
}

export async function sweepOrphanMedia(options: SweepOptions = {}): Promise<SweepReport> {
  const client = options.client ?? db.connection()
  const disk = options.disk ?? drive.use()
  const cutoff = Date.now() - (options.olderThanMs ?? DEFAULT_GRACE_MS)
  const report: SweepReport = { scanned: 0, orphans: [], deleted: 0 }

  const check = async (keys: string[]) => {
    const found = await referenced(client, [...new Set(keys.map(referenceOf))])
    for (const key of keys) {
      if (found.has(referenceOf(key))) continue
      let modified: Date
      try {
        const meta = await disk.getMetaData(key)
        modified = meta.lastModified
      } catch {
        continue // deleted meanwhile
      }
      if (modified.getTime() > cutoff) continue
      report.orphans.push(key)
      if (options.dryRun) continue
      try {
        await disk.delete(key)
        report.deleted += 1
      } catch {
        // Gone already, or the store is unreachable: the next sweep retries.
      }
    }
  }

  for (const prefix of SWEPT_PREFIXES) {
    let token: string | undefined
    let batch: string[] = []
    do {
      const page = await disk.listAll(prefix, { recursive: true, paginationToken: token })
      for (const object of page.objects) {
        if (!object.isFile) continue
        report.scanned += 1
        batch.push(object.key)
        if (batch.length >= CHUNK) {
          await check(batch)
          batch = []
        }
      }
      token = page.paginationToken
    } while (token)
    await check(batch)
  }
  return report
}
