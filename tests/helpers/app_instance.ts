import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import dbConfig from '#config/database'
import type { ConnectionConfig } from '@adonisjs/lucid/types/database'

/**
 * A second Huddle instance for the operations tests (backup/restore, kill
 * -9): the real production build (`build/bin/server.js`, rebuilt once when a
 * source file is newer than it) run as a child process on a free port, with
 * its own database (a SQLite file, or a PostgreSQL database created next
 * to the suite's when the suite runs on PostgreSQL), its own media folder
 * and `NODE_ENV=production`. Checks read its database through a Lucid
 * connection of this process (`instance.db()`).
 */

const ROOT = app.appRoot.pathname
/** Everything the build is made of (scripts/start.mjs SOURCE_DIRS). */
const SOURCE_DIRS = [
  'app',
  'bin',
  'commands',
  'config',
  'database',
  'inertia',
  'providers',
  'resources',
  'start',
]
const SOURCE_FILES = ['adonisrc.ts', 'package.json', 'package-lock.json', 'vite.config.ts']

export const DEMO_PASSWORD = 'huddle-demo'

/**
 * The environment as the run started (this module is imported with the test
 * files, before any test runs): tests change process.env for themselves
 * (setEnv), and an instance must not inherit that.
 */
const BASE_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([, value]) => value !== undefined && value !== 'undefined')
)

function newestSource() {
  let newest = 0
  const visit = (path: string) => {
    if (!existsSync(path)) return
    const info = statSync(path)
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry))
    } else if (info.mtimeMs > newest) newest = info.mtimeMs
  }
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(join(ROOT, entry))
  return newest
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }))
  })
}

let building: Promise<void> | null = null

/** The production build, fresh: `node ace build` when a source is newer (about 30 s). */
export function ensureBuild() {
  building ??= (async () => {
    const server = join(ROOT, 'build/bin/server.js')
    const manifest = join(ROOT, 'public/build/.vite/manifest.json')
    if (
      existsSync(server) &&
      existsSync(manifest) &&
      statSync(server).mtimeMs >= newestSource() &&
      statSync(manifest).mtimeMs >= newestSource()
    ) {
      return
    }
    const { code, output } = await run(['ace', 'build'], { ...BASE_ENV, NODE_ENV: 'production' })
    if (code !== 0) throw new Error(`node ace build failed:\n${output.slice(-3000)}`)
  })()
  return building
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function pgUrlFor(database: string) {
  const url = new URL(BASE_ENV.PG_URL ?? '')
  url.pathname = `/${database}`
  return url.toString()
}

export class AppInstance {
  server: ChildProcess | null = null
  output = ''
  readonly connectionName: string

  constructor(
    readonly label: string,
    readonly dir: string,
    readonly port: number,
    readonly dialect: 'sqlite' | 'pg',
    readonly pgDatabase: string | null
  ) {
    this.connectionName = `instance_${label}`
  }

  get databasePath() {
    return join(this.dir, 'huddle.sqlite')
  }

  get mediaRoot() {
    return join(this.dir, 'media')
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The instance's environment (process variables win over the .env the build reads). */
  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...BASE_ENV,
      ENV_PATH: ROOT,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      APP_URL: this.origin,
      LOG_LEVEL: 'warn',
      DB_CONNECTION: this.dialect,
      DATABASE_PATH: this.databasePath,
      MEDIA_ROOT: this.mediaRoot,
      DRIVE_DISK: 'fs',
      SESSION_DRIVER: 'database',
      QUEUE_DRIVER: 'database',
      HTTP_COMPRESSION: 'false',
      // The storms write far more than one person would.
      RATE_LIMIT_POSTS: '100000',
      RATE_LIMIT_COMMENTS: '100000',
      RATE_LIMIT_LIKES: '100000',
      UPLOADS_PER_HOUR: '100000',
      ...extra,
    }
    // One instance, its own limits and queue: not the suite's Redis.
    delete env.REDIS_URL
    if (this.pgDatabase) env.PG_URL = pgUrlFor(this.pgDatabase)
    else delete env.PG_URL
    return env
  }

  /** `node build/ace.js <args>` against this instance. */
  ace(args: string[], extra: NodeJS.ProcessEnv = {}) {
    return run(['build/ace.js', ...args], this.env(extra))
  }

  async migrate() {
    const result = await this.ace([
      'migration:run',
      '--force',
      '--no-schema-generate',
      '--compact-output',
    ])
    if (result.code !== 0) throw new Error(`migration:run failed:\n${result.output}`)
  }

  /** The demo team (admin, ana, ben, cara, dan, eli; password huddle-demo) and its content. */
  async seedDemo() {
    const result = await this.ace(['db:seed', '--files', 'database/seeders/demo_seeder'], {
      NODE_ENV: 'development',
    })
    if (result.code !== 0) throw new Error(`the demo seeder failed:\n${result.output}`)
  }

  /** Starts the built server and waits until GET /health answers. */
  async start(timeoutMs = 60_000) {
    if (this.server) throw new Error(`${this.label} is already running`)
    this.output = ''
    const child = spawn(process.execPath, ['build/bin/server.js'], {
      cwd: ROOT,
      env: this.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.server = child
    child.stdout!.on('data', (chunk) => (this.output += chunk))
    child.stderr!.on('data', (chunk) => (this.output += chunk))
    const started = Date.now()
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.server = null
        throw new Error(`${this.label} exited while starting:\n${this.output.slice(-3000)}`)
      }
      try {
        const response = await fetch(`${this.origin}/health`)
        if (response.ok) return
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await this.stop()
    throw new Error(`${this.label} did not answer /health within ${timeoutMs} ms:\n${this.output}`)
  }

  /** Kills the server with `signal` (SIGKILL: no shutdown hook runs) and waits for its exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.server
    this.server = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }

  /** A graceful stop (SIGTERM), SIGKILL after 10 s. */
  async stop() {
    const child = this.server
    if (!child) return
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await this.kill('SIGTERM')
    clearTimeout(timer)
  }

  /** A Lucid connection of this process to the instance's database. */
  db() {
    if (!db.manager.has(this.connectionName)) {
      const base = dbConfig.connections[this.dialect] as ConnectionConfig
      const config =
        this.dialect === 'pg'
          ? { ...base, connection: pgUrlFor(this.pgDatabase!) }
          : { ...base, connection: { filename: this.databasePath } }
      db.manager.add(this.connectionName, config as ConnectionConfig)
    }
    return db.connection(this.connectionName)
  }

  async closeDb() {
    if (db.manager.has(this.connectionName)) await db.manager.release(this.connectionName)
  }

  /** Stops the server, drops the database, removes the folder. */
  async destroy() {
    await this.kill('SIGKILL')
    await this.closeDb()
    if (this.pgDatabase) {
      await db.rawQuery(`DROP DATABASE IF EXISTS "${this.pgDatabase}" WITH (FORCE)`)
    }
    await rm(this.dir, { recursive: true, force: true })
  }
}

/** A fresh, empty instance (no tables yet); `migrate()` / `seedDemo()` fill it. */
export async function createInstance(label: string) {
  await ensureBuild()
  const dir = await mkdtemp(join(tmpdir(), `huddle-${label}-`))
  const postgres = db.connection().dialect.name === 'postgres'
  let pgDatabase: string | null = null
  if (postgres) {
    const current = new URL(BASE_ENV.PG_URL ?? '').pathname.slice(1)
    pgDatabase = `${current}_${label}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
    await db.rawQuery(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`)
    await db.rawQuery(`CREATE DATABASE "${pgDatabase}"`)
  }
  return new AppInstance(label, dir, await freePort(), postgres ? 'pg' : 'sqlite', pgDatabase)
}

/**
 * A browser-like client of one instance: cookies kept, the XSRF-TOKEN
 * cookie echoed as X-XSRF-TOKEN, redirects not followed.
 */
export class InstanceClient {
  cookies = new Map<string, string>()

  /** `instance`: an AppInstance, or any origin (the cluster test's proxy). */
  constructor(readonly instance: Pick<AppInstance, 'origin'>) {}

  async request(
    method: string,
    path: string,
    options: {
      form?: Record<string, string>
      json?: unknown
      multipart?: FormData
      accept?: string
      headers?: Record<string, string>
      signal?: AbortSignal
    } = {}
  ) {
    const headers: Record<string, string> = {
      accept: options.accept ?? 'text/html',
      ...options.headers,
    }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    let body: string | FormData | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.multipart) {
      body = options.multipart
    }
    const response = await fetch(`${this.instance.origin}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: options.signal,
    })
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (!value || /max-age=0/i.test(header)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const location = response.headers.get('location')
    return {
      status: response.status,
      location: location ? new URL(location, this.instance.origin).pathname : null,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    }
  }

  async signIn(uid: string, password = DEMO_PASSWORD) {
    await this.request('GET', '/login')
    const response = await this.request('POST', '/login', { form: { uid, password } })
    if (response.status !== 302 || response.location === '/login') {
      throw new Error(`signing in ${uid} answered ${response.status} → ${response.location}`)
    }
  }

  /** The Inertia page object of a GET (as the page's HTML embeds it). */
  async page(path: string) {
    const response = await this.request('GET', path)
    const html = response.body.toString('utf8')
    const match =
      html.match(/<script[^>]*data-page="app"[^>]*>([\s\S]*?)<\/script>/) ??
      html.match(/data-page="([^"]*)"/)
    if (response.status !== 200 || !match) {
      throw new Error(`GET ${path} answered ${response.status} without an Inertia page`)
    }
    const raw = match[1].includes('&quot;')
      ? match[1]
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
      : match[1]
    return JSON.parse(raw) as { component: string; props: Record<string, any> }
  }
}

/**
 * A run on SQLite with `REDIS_URL` set: instances run without Redis, so
 * their tests would only repeat the plain SQLite run's (and cost minutes).
 * Their groups skip there with this reason. On PostgreSQL (CI's PostgreSQL
 * + Redis leg) they run: instances on PostgreSQL are covered nowhere else.
 */
export const INSTANCES_REPEAT_SQLITE =
  process.env.REDIS_URL && (process.env.DB_CONNECTION ?? 'sqlite') === 'sqlite'
    ? 'child instances run without Redis: the SQLite run covers this'
    : null
