import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import app from '@adonisjs/core/services/app'

/**
 * The routes that accept files (SECURITY.md T3, issue 16 item 1). On every
 * other route the multipart fields are read and the file parts are drained
 * without touching the disk (MultipartFieldsMiddleware); on these, the
 * `uploadsThrottle` middleware streams the files to UPLOADS_TMP only once
 * the account is signed in, past CSRF and within its upload quota, and
 * removes them when the request ends, whatever its outcome.
 */
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  'posts.store',
  'posts.update',
  'admin.posts.store',
  'admin.posts.update',
  'comments.store',
  'messages.store',
  'profile.avatar.update',
  'profile.cover.update',
  // The public API (issue 14): after the token check instead of the session and CSRF.
  'api.posts.store',
  'api.posts.update',
  'api.comments.store',
  'api.messages.store',
])

/**
 * Where uploaded files wait while their request is handled (the app's own
 * tmp/ folder). Each test process has a folder of its own, as for the fake
 * disk (config/drive.ts): CI runs the SQLite and PostgreSQL suites side by
 * side, and the suites check that this folder is left empty.
 */
export function uploadsTmpPath(...parts: string[]) {
  return app.tmpPath(app.inTest ? `uploads-${process.pid}` : 'uploads', ...parts)
}

/**
 * The temporary files of one request. `remove()` deletes every file written
 * so far, and any file a part handler finishes writing afterwards (an
 * aborted request can still have a stream in flight).
 */
export class RequestTmpFiles {
  #paths = new Set<string>()
  #removed = false

  /** Streams `part` to a new temporary file and returns its path. */
  async write(part: Readable, onChunk: (chunk: Buffer) => unknown) {
    const dir = uploadsTmpPath()
    await mkdir(dir, { recursive: true })
    const path = join(dir, randomUUID())
    this.#paths.add(path)
    part.pause()
    part.on('data', onChunk)
    try {
      await pipeline(part, createWriteStream(path))
    } catch (error) {
      await this.#unlink(path)
      throw error
    }
    if (this.#removed) await this.#unlink(path)
    return path
  }

  async remove() {
    this.#removed = true
    await Promise.all([...this.#paths].map((path) => this.#unlink(path)))
  }

  async #unlink(path: string) {
    await unlink(path).catch(() => {})
    this.#paths.delete(path)
  }
}
