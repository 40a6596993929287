import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * WAL checkpoints of the SQLite file off the event loop.
 *
 * In WAL mode SQLite copies the log back into the database file (a
 * checkpoint) from inside the COMMIT that makes the log pass 1,000 pages.
 * better-sqlite3 is synchronous, so that COMMIT held the event loop for the
 * copy and two fsyncs: 20–30 ms every ~0.45 s while posts were being
 * created (strace under `npm run bench` S3), which every request in flight
 * waited for (S3 p95 54–67 ms with a p50 of 24 ms at c = 16).
 *
 * Here a worker thread with its own connection runs PASSIVE checkpoints
 * every `intervalMs`: they copy what was committed without taking the write
 * lock, so the app's connection keeps writing while the worker waits on the
 * disk. The worker never runs a FULL or RESTART checkpoint: those hold the
 * write lock, and a transaction of the app that read before writing (a like
 * toggle) gets SQLITE_BUSY at once, without its busy timeout (a first version
 * did, past 4,000 pages: 500s under `npm run bench` S4;
 * tests/unit/services/sqlite_checkpointer.spec.ts guards it).
 *
 * The app's connections keep SQLite's automatic checkpoint at a higher
 * threshold (`FALLBACK_AUTOCHECKPOINT` pages, 64 MB). It is the safety net
 * should the worker fall behind or die, and it bounds the log: the log starts
 * over only when a write begins with every page already copied, which under
 * writes that never pause happens after that checkpoint, run by the writing
 * connection itself. The worker has copied all but its last interval's pages
 * by then, but that checkpoint still holds the event loop for two or three
 * fsyncs (10–15 ms here), so the threshold sets how often writes that never
 * pause pay for them: every ~0.75 s under `npm run bench` S3 at 4,000 pages
 * (16 MB), which set S3's p99 (53 ms against 34–45 ms at 16,000 pages, or
 * with no fsync at all; docs/benchmarks.md, 2026-12-01). That checkpoint is
 * skipped when it finds the worker's running, so the worker steps aside for
 * BACKOFF_MS once the log passes the threshold: longer than one of its
 * intervals, and short enough that the log cannot fill again meanwhile (which
 * would leave the writing connection a whole log to copy).
 */
export const FALLBACK_AUTOCHECKPOINT = 16_000
/** How long the worker steps aside for the app's own checkpoint (above). */
export const BACKOFF_MS = 250
export const DEFAULT_AUTOCHECKPOINT = 1_000

export interface CheckpointResult {
  /** 1 when another checkpoint was running (the app's fallback one). */
  busy: number
  /** Frames in the WAL when it ran. */
  log: number
  /** Frames copied into the database file so far. */
  checkpointed: number
}

export interface CheckpointerOptions {
  filename: string
  intervalMs?: number
  /** Called once when the worker has exited (stopped, or died; for the module's one: died). */
  onExit?: () => void
}

/**
 * The worker's code, evaluated as a CommonJS script (no build step, the
 * same in development, tests and the production bundle).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.filename, { fileMustExist: true })
let lastError = ''
function tick() {
  try {
    // PASSIVE only: it never waits and never holds the app's writers (above).
    const [row] = db.pragma('wal_checkpoint(PASSIVE)')
    return { busy: row.busy, log: row.log, checkpointed: row.checkpointed }
  } catch (error) {
    // Reported once per distinct error, not every tick.
    const message = String(error && error.message)
    if (message !== lastError) parentPort.postMessage({ type: 'error', message })
    lastError = message
    return null
  }
}
let reported = -1
let resumeAt = 0
const timer = setInterval(() => {
  if (Date.now() < resumeAt) return
  const result = tick()
  // A log past the app's own threshold means writes have not paused for the
  // log to start over: step aside so the app's automatic checkpoint (the
  // writing connection's, which the log's restart follows) is not refused
  // for finding this one running.
  if (result && result.log >= workerData.fallbackPages) resumeAt = Date.now() + workerData.backoffMs
  // Tell the app only when frames were copied (not every idle tick).
  if (result && result.checkpointed > 0 && result.checkpointed !== reported) {
    reported = result.checkpointed
    parentPort.postMessage({ type: 'tick', result })
  }
}, workerData.intervalMs)
parentPort.on('message', (message) => {
  if (message.type === 'checkpoint') {
    parentPort.postMessage({ type: 'result', id: message.id, result: tick() })
  } else if (message.type === 'stop') {
    clearInterval(timer)
    db.close()
    parentPort.close()
  }
})
parentPort.postMessage({ type: 'ready' })
`

export class SqliteCheckpointer {
  #worker: Worker
  #pending = new Map<number, (result: CheckpointResult | null) => void>()
  #nextId = 1
  #ready: Promise<void>
  #exited = false
  /** The last error: a failed checkpoint (the worker goes on) or the worker's crash. */
  lastError: string | null = null
  /** The last timer checkpoint that copied frames. */
  lastResult: CheckpointResult | null = null

  constructor(options: CheckpointerOptions) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3')
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        filename: options.filename,
        intervalMs: options.intervalMs ?? 200,
        fallbackPages: FALLBACK_AUTOCHECKPOINT,
        backoffMs: BACKOFF_MS,
      },
    })
    // Never what keeps a process alive (ace commands, the test runner).
    this.#worker.unref()
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.once('error', reject)
      this.#worker.on('message', (message) => {
        if (message.type === 'ready') resolve()
        else if (message.type === 'tick') this.lastResult = message.result
        else if (message.type === 'error') this.lastError = message.message
        else if (message.type === 'result') {
          this.#pending.get(message.id)?.(message.result)
          this.#pending.delete(message.id)
        }
      })
    })
    // Handled here too: a checkpointer whose ready() nobody awaits must not
    // turn a database it cannot open into an unhandled rejection.
    this.#ready.catch(() => {})
    this.#worker.on('error', (error) => {
      this.lastError = (error as Error).message
    })
    this.#worker.once('exit', () => {
      this.#exited = true
      options.onExit?.()
      for (const resolve of this.#pending.values()) resolve(null)
      this.#pending.clear()
    })
  }

  /** Resolves once the worker has opened the database (rejects if it could not). */
  ready() {
    return this.#ready
  }

  get running() {
    return !this.#exited
  }

  /** One checkpoint now (what the timer does); null if it failed or the worker is gone. */
  async checkpoint(): Promise<CheckpointResult | null> {
    await this.#ready
    if (this.#exited) return null
    const id = this.#nextId++
    return new Promise((resolve) => {
      this.#pending.set(id, resolve)
      this.#worker.postMessage({ type: 'checkpoint', id })
    })
  }

  async stop() {
    if (this.#exited) return
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve))
    this.#worker.postMessage({ type: 'stop' })
    const timer = setTimeout(() => this.#worker.terminate(), 2000)
    await exited
    clearTimeout(timer)
  }
}

/**
 * The app's SQLite connections (better-sqlite3 handles, from the pool's
 * afterCreate) and the process's checkpointer: a connection created while
 * the checkpointer runs gets the fallback threshold, and starting or
 * stopping it updates the open ones.
 */
interface SqliteConnection {
  open: boolean
  pragma: (source: string) => unknown
}

const connections = new Set<SqliteConnection>()
let active: SqliteCheckpointer | null = null

/** Sets the threshold every open connection should have now; closed ones are forgotten. */
function applyThreshold() {
  const pages = active ? FALLBACK_AUTOCHECKPOINT : DEFAULT_AUTOCHECKPOINT
  for (const conn of connections) {
    if (!conn.open) connections.delete(conn)
    else conn.pragma(`wal_autocheckpoint = ${pages}`)
  }
}

export function adoptSqliteConnection(conn: SqliteConnection) {
  connections.add(conn)
  applyThreshold()
}

export async function startSqliteCheckpointer(options: CheckpointerOptions) {
  if (active) return active
  const checkpointer: SqliteCheckpointer = new SqliteCheckpointer({
    ...options,
    onExit: () => {
      // A worker that died leaves the connections to their own checkpoints.
      if (active === checkpointer) {
        active = null
        applyThreshold()
        options.onExit?.()
      }
    },
  })
  await checkpointer.ready()
  active = checkpointer
  applyThreshold()
  return checkpointer
}

export async function stopSqliteCheckpointer() {
  const checkpointer = active
  if (!checkpointer) return
  active = null
  applyThreshold()
  await checkpointer.stop()
}

export function sqliteCheckpointer() {
  return active
}
