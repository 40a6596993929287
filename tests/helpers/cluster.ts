import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { AppInstance, createInstance, freePort } from '#tests/helpers/app_instance'

/**
 * The cluster of issue 18 §1, for tests/functional/ops/cluster.spec.ts:
 * two app processes (the production build, as AppInstance runs it) on one
 * PostgreSQL database and one Redis database, media in an S3-compatible
 * store (s3rver, in this process), behind nginx (round-robin, no sticky
 * sessions, websocket upgrades). docs/deploying.md ("A cluster") shows the
 * same settings for a real deployment.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
/** A Redis database of the cluster's own (keys and, through cluster.ts, the pub/sub channel). */
export const CLUSTER_REDIS_DB = Number(process.env.CLUSTER_REDIS_DB ?? 13)
export const S3_BUCKET = 'huddle-media'
/** s3rver's fixed credentials. */
const S3_KEY = 'S3RVER'

/** Why the cluster test cannot run here (null: it can). */
export function clusterUnavailable(engine: string) {
  const requirements: [boolean, string][] = [
    [
      process.env.CLUSTER_TEST === '1' || process.env.REQUIRE_CLUSTER === '1',
      'the cluster test runs on its own: `npm run test:cluster` (a step of its own in CI)',
    ],
    [
      engine === 'postgres',
      'the cluster test runs on PostgreSQL + Redis: `npm run test:cluster` with PG_URL and REDIS_URL (CI does)',
    ],
    [!!process.env.REDIS_URL, 'the cluster test needs REDIS_URL (CI sets it)'],
    [existsSync(NGINX), `no nginx at ${NGINX}: \`apt-get install -y nginx\` (or set NGINX_PATH)`],
  ]
  return requirements.find(([met]) => !met)?.[1] ?? null
}

/** s3rver (a devDependency): null when it is not installed (`npm ci --omit=dev`). */
export async function loadS3rver(): Promise<any | null> {
  try {
    // No types are published with it: a specifier in a variable keeps it `any`.
    const name = 's3rver'
    const mod: any = await import(name)
    await import('@aws-sdk/client-s3')
    return mod.default ?? mod
  } catch {
    return null
  }
}

export function redisUrl() {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0')
  url.pathname = `/${CLUSTER_REDIS_DB}`
  return url.toString()
}

/** Deletes the app's keys in the cluster's Redis database (prefix `huddle:`). */
export async function clearRedis() {
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'huddle:*', 'COUNT', 500)
    if (keys.length) await redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  redis.disconnect()
}

/** One app node: an AppInstance with the cluster's shared settings on top. */
export class ClusterNode extends AppInstance {
  constructor(
    label: string,
    dir: string,
    port: number,
    pgDatabase: string,
    readonly shared: NodeJS.ProcessEnv
  ) {
    super(label, dir, port, 'pg', pgDatabase)
  }

  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return { ...super.env(), ...this.shared, ...extra }
  }
}

export class Nginx {
  child: ChildProcess | null = null
  output = ''
  constructor(
    readonly dir: string,
    readonly port: number,
    readonly upstreams: number[]
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The configuration docs/deploying.md shows, minus TLS, plus the test's X-Huddle-Upstream. */
  config() {
    const servers = this.upstreams
      .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
      .join('\n')
    return `# Written by tests/helpers/cluster.ts
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${this.dir}/nginx.pid;
error_log ${this.dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${this.dir}/body;
  proxy_temp_path ${this.dir}/proxy;
  fastcgi_temp_path ${this.dir}/fastcgi;
  uwsgi_temp_path ${this.dir}/uwsgi;
  scgi_temp_path ${this.dir}/scgi;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  upstream huddle {
${servers}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${this.port};
    client_max_body_size 110m;

    location / {
      proxy_pass http://huddle;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      # Test only: which node answered.
      add_header X-Huddle-Upstream $upstream_addr always;
    }
  }
}
`
  }

  async start() {
    await writeFile(join(this.dir, 'nginx.conf'), this.config())
    const child = spawn(
      NGINX,
      ['-p', this.dir, '-e', join(this.dir, 'error.log'), '-c', join(this.dir, 'nginx.conf')],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    this.child = child
    child.stdout!.on('data', (chunk) => (this.output += chunk))
    child.stderr!.on('data', (chunk) => (this.output += chunk))
    const started = Date.now()
    while (Date.now() - started < 10_000) {
      if (child.exitCode !== null) break
      if (await listening(this.port)) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await this.stop()
    throw new Error(`nginx did not start:\n${this.output}`)
  }

  async stop() {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    // SIGTERM: fast shutdown (workers too).
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
}

function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export interface Cluster {
  nodes: [ClusterNode, ClusterNode]
  nginx: Nginx
  /** How long each step of the start took. */
  timings: string
  s3Directory: string
  credentials: { appId: string; key: string; secret: string }
  destroy(): Promise<void>
  /** Files s3rver holds in the media bucket. */
  s3Objects(): Promise<string[]>
}

/**
 * Starts everything: s3rver, the PostgreSQL database (migrated, demo team
 * seeded, its media in S3), both nodes and nginx. `limits` go to both nodes.
 */
export async function startCluster(
  S3rver: any,
  limits: Record<string, string> = {}
): Promise<Cluster> {
  const timings: string[] = []
  let mark = Date.now()
  const lap = (what: string) => {
    timings.push(`${what} ${((Date.now() - mark) / 1000).toFixed(1)} s`)
    mark = Date.now()
  }
  const first = await createInstance('cluster')
  lap('build check + database')
  const dir = first.dir
  const s3Directory = join(dir, 's3')
  const nginxDir = join(dir, 'nginx')
  await mkdir(nginxDir, { recursive: true })
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: S3_BUCKET }],
  })
  const { port: s3Port } = await s3.run()
  const proxyPort = await freePort()
  const credentials = {
    appId: String(100000 + Math.floor(Math.random() * 800000)),
    key: randomBytes(10).toString('hex'),
    secret: randomBytes(20).toString('hex'),
  }
  await clearRedis()
  const shared: NodeJS.ProcessEnv = {
    APP_KEY: randomBytes(24).toString('base64url'),
    APP_URL: `http://127.0.0.1:${proxyPort}`,
    REDIS_URL: redisUrl(),
    SESSION_DRIVER: 'database',
    QUEUE_DRIVER: 'redis',
    DRIVE_DISK: 's3',
    S3_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    REVERB_APP_ID: credentials.appId,
    REVERB_APP_KEY: credentials.key,
    REVERB_APP_SECRET: credentials.secret,
    // The test's proxy speaks plain HTTP (a real one terminates TLS).
    REVERB_SCHEME: 'http',
    HTTP_COMPRESSION: 'false',
    ...limits,
  }
  const a = new ClusterNode('cluster_a', join(dir, 'a'), first.port, first.pgDatabase!, shared)
  const b = new ClusterNode(
    'cluster_b',
    join(dir, 'b'),
    await freePort(),
    first.pgDatabase!,
    shared
  )
  const nginx = new Nginx(nginxDir, proxyPort, [a.port, b.port])
  const destroy = async () => {
    await nginx.stop()
    await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')])
    await Promise.all([a.closeDb(), b.closeDb()])
    await first.destroy()
    await s3.close().catch(() => {})
    await clearRedis().catch(() => {})
  }
  try {
    await Promise.all([
      mkdir(a.mediaRoot, { recursive: true }),
      mkdir(b.mediaRoot, { recursive: true }),
    ])
    await a.migrate()
    lap('migrations')
    await a.seedDemo()
    lap('demo seed')
    // 2–3 s on a quiet machine; a loaded one (shared CI cores) may need far more.
    await Promise.all([a.start(180_000), b.start(180_000)])
    lap('both nodes started')
    await nginx.start()
    lap('nginx')
  } catch (error) {
    await destroy()
    throw error
  }
  return {
    timings: timings.join(', '),
    nodes: [a, b],
    nginx,
    s3Directory,
    credentials,
    destroy,
    async s3Objects() {
      const found: string[] = []
      const visit = async (path: string) => {
        for (const entry of await readdir(path, { withFileTypes: true })) {
          if (entry.isDirectory()) await visit(join(path, entry.name))
          else if (entry.name.endsWith('._S3rver_object')) found.push(join(path, entry.name))
        }
      }
      if (existsSync(join(s3Directory, S3_BUCKET))) await visit(join(s3Directory, S3_BUCKET))
      return found
    },
  }
}
