// `npm run bench`: the HTTP benchmark of BENCHMARKS.md §3 (scenarios S0–S4,
// S6, S7; S5 is `npm run bench:realtime`). Writes docs/benchmarks.md (the HTTP
// part) and tmp/bench-results.json.
//
//   npm run bench -- [--rounds 3] [--duration 20] [--warmup 3] [--jit-warmup 15] [--conc 16,100]
//                    [--only S0,S1,...] [--skip-build] [--no-pg] [--out docs/benchmarks.md]
//                    [--min-idle 90] [--max-wait 60]  (seconds to wait for an idle machine per round)
//                    [--section http --title '## …']  (another generated section of the doc)
//                    [--app-flags='--trace-gc …']  (node/V8 flags of the app servers only)
//
// Protocol (§3.2): the production build, NODE_ENV=production, request logs
// off, server pinned to core 0 and wrk to core 1; per round: bare-Node B,
// every scenario (warm-up + measured run) at each concurrency, B again;
// before the first round, every scenario once for --jit-warmup seconds at
// c=16 (a server just started is still compiling its hot paths: over its
// first ~20 s of load S1's CPU per request fell from 671 to 551 µs and its
// p99 at c=16 from 30 to 17 ms, so round 1 measured the JIT, not the app);
// in every scenario run, each connection's first request is held HOLD_MS so
// all connections are accepted before the load starts (rates exclude it);
// 3 rounds; medians of scenario / mean-of-the-two-B. Query counts come from
// a separate measurement server (Lucid debug + `db:query`), one warm request
// per scenario; payload sizes raw and gzip.
import { mkdirSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { busyProcesses, hasTaskset, idlePercent, run, startServer } from './lib/proc.mjs'
import { ensurePg, ensureSqlite, workingCopy } from './lib/seed.mjs'
import { visiblePostIds } from './lib/targets.mjs'
import { Agent, inertiaVersion, sizes } from './lib/http.mjs'
import { ADMIN_ID, BLOCKER_ID, FIRST_VIEWER_ID, PASSWORD } from './lib/data.mjs'
import { writeSection } from './lib/report.mjs'
import { buildApp, productionEnv } from './lib/build.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    'rounds': { type: 'string', default: '3' },
    'duration': { type: 'string', default: '20' },
    'warmup': { type: 'string', default: '3' },
    'jit-warmup': { type: 'string', default: '15' },
    'conc': { type: 'string', default: '16,100' },
    'only': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'no-pg': { type: 'boolean', default: false },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/huddle_bench',
    },
    'out': { type: 'string', default: 'docs/benchmarks.md' },
    'section': { type: 'string', default: 'http' },
    'title': { type: 'string' },
    'min-idle': { type: 'string', default: '90' },
    'max-wait': { type: 'string', default: '60' },
    // Node/V8 flags for the app servers only (experiments: --trace-gc, …);
    // NODE_OPTIONS refuses most V8 flags and would reach every server.
    'app-flags': { type: 'string', default: '' },
  },
})
const ROUNDS = Number(args.rounds)
const DURATION = Number(args.duration)
const WARMUP = Number(args.warmup)
const APP_FLAGS = args['app-flags'].split(/\s+/).filter(Boolean)
const JIT_WARMUP = Number(args['jit-warmup'])
const CONCS = args.conc.split(',').map(Number)
const ONLY = args.only ? new Set(args.only.split(',')) : null
const log = (...m) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m)

const PORTS = {
  bare: 3441,
  app: 3442,
  limit: 3443,
  appPg: 3444,
  count: 3445,
  countPg: 3446,
  stock: 3447,
}
/** The servers running the app's build (bench/servers/app.mjs: /__bench/eventloop). */
const APP_PORTS = new Set([PORTS.app, PORTS.appPg])
const VUS = 50 // signed-in virtual users (members bench10…bench59)
/** S7 (BENCHMARKS.md §3.4): the admin dashboard at c=4, with S1 at c=16 alongside. */
const S7_CONC = 4
const S7_S1_CONC = 16
const HEAVY_VUS = 8 // sessions of the viewer with 50 blocks

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    'npm run bench needs Node 24 (run it through npm, which puts node_modules/.bin/node first).'
  )
  process.exit(1)
}
const wrkOk = spawnSync('wrk', ['-v'], { encoding: 'utf8' })
if (wrkOk.error) {
  console.error(
    'npm run bench needs wrk (BENCHMARKS.md §3.1): `apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk`.'
  )
  process.exit(1)
}

// ---------------------------------------------------------------- build
const BUILD = join(ROOT, 'tmp/bench-build')
const build = () => buildApp({ root: ROOT, buildDir: BUILD, skip: args['skip-build'], log })

const appEnv = (extra) => productionEnv({ root: ROOT, buildDir: BUILD }, extra)

function startApp(name, port, extra) {
  return startServer({
    args: [...APP_FLAGS, 'bench/servers/app.mjs'],
    cwd: ROOT,
    // The API's per-token limit (300 per 5 min) would answer most of S1-API with 429,
    // and the per-person limits (app/services/abuse_limits.ts: posts, likes,
    // searches per minute) most of S3, S4 and S6: their rates would then be
    // those of 429 answers. The limiters still run on every request.
    env: appEnv({
      PORT: String(port),
      API_RATE_LIMIT: '1000000000',
      RATE_LIMIT_POSTS: '1000000000',
      RATE_LIMIT_COMMENTS: '1000000000',
      RATE_LIMIT_LIKES: '1000000000',
      RATE_LIMIT_SHARES: '1000000000',
      RATE_LIMIT_SEARCHES: '1000000000',
      ...extra,
    }),
    core: 0,
    url: `http://127.0.0.1:${port}/__bench/constant`,
    logFile: join(ROOT, `tmp/bench-${name}.log`),
  })
}

// ---------------------------------------------------------------- wrk
const SEP_PAIR = '\x1f'
const SEP_KV = '\x1e'
function requestLine({ method = 'GET', path, headers = {}, body = '' }) {
  const h = Object.entries(headers)
    .map(([k, v]) => `${k}${SEP_KV}${v}`)
    .join(SEP_PAIR)
  return `${method}\t${path}\t${h}\t${body}`
}

/**
 * How long each connection's first request is held back (bench/wrk/requests.lua):
 * every connection is accepted before the load starts, so the measured
 * window is the steady state of persistent connections (as behind a reverse
 * proxy), not a burst of new connections into a saturated server.
 */
const HOLD_MS = 500

async function wrk(port, lines, conc, duration, { hold = HOLD_MS, tag = '' } = {}) {
  const file = join(ROOT, `tmp/bench-requests-${port}${tag}.txt`)
  writeFileSync(file, lines.map(requestLine).join('\n') + '\n')
  const out = await run(
    'wrk',
    [
      '-t1',
      `-c${conc}`,
      `-d${duration}s`,
      '--timeout',
      '10s',
      '-s',
      join(ROOT, 'bench/wrk/requests.lua'),
      `http://127.0.0.1:${port}`,
      '--',
      file,
      String(hold > 0 ? conc : 0),
      String(hold),
    ],
    { quiet: true, core: 1 }
  )
  const json = /BENCH_JSON (\{.*\})/.exec(out)
  if (!json) throw new Error(`no result from wrk:\n${out}`)
  const r = JSON.parse(json[1])
  return {
    rps: r.requests / (r.duration_us / 1e6 - hold / 1000),
    requests: r.requests,
    errors: r.connect + r.read + r.write + r.timeout,
    badStatus: r.status,
    // Bytes per response as received (headers included): tells which page was measured.
    bytesPerRequest: r.requests ? r.bytes / r.requests : 0,
    p50: r.p50 / 1000,
    p95: r.p95 / 1000,
    p99: r.p99 / 1000,
  }
}

// ---------------------------------------------------------------- scenarios
function inertiaHeaders(agent, version) {
  return {
    'Cookie': agent.cookieHeader,
    'X-Inertia': 'true',
    'X-Inertia-Version': version,
    'X-Requested-With': 'XMLHttpRequest',
    'Accept': 'text/html, application/xhtml+xml',
  }
}

async function signIn(base, ids) {
  const agents = []
  for (const id of ids) agents.push(await new Agent(base).login(`bench${id}@bench.test`, PASSWORD))
  return agents
}

function counterTruth(dbFile) {
  const db = new Database(dbFile, { readonly: true })
  const wrongLikes = db
    .prepare(
      `SELECT count(*) AS n FROM posts p WHERE p.likes_count != (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)`
    )
    .get().n
  const posts = db.prepare('SELECT count(*) AS n FROM posts').get().n
  db.close()
  return { wrongLikes, posts }
}

/**
 * The posts S3 wrote, removed once it is measured (rows only: likes,
 * comments, files and mentions go with them by cascade, the search index
 * and the dashboard's totals by their triggers). S3's posts are team posts
 * without files: kept, they became the first page of every member's Home,
 * so S1, S1-API and S1-heavy measured a lighter page after each S3 than
 * before it, and against S1-PG (S3 writes to SQLite only) a different
 * page. Soft deletion (the app's own) would leave them for the feed's
 * newest-first scan to skip. The members' posts_count keeps S3's
 * additions (no scenario reads it).
 */
async function dropPostsAfter(dbFile, lastSeededId) {
  const db = new Database(dbFile)
  db.pragma('busy_timeout = 10000')
  db.pragma('foreign_keys = ON')
  // Requests still in flight when wrk stops go on writing: wait until the
  // count holds still for 300 ms (10 s at most).
  const count = db.prepare('SELECT count(*) AS n FROM posts WHERE id > ?')
  let last = -1
  for (let tries = 0; tries < 33; tries++) {
    const { n } = count.get(lastSeededId)
    if (n === last) break
    last = n
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  const { changes } = db.prepare('DELETE FROM posts WHERE id > ?').run(lastSeededId)
  db.close()
  return changes
}

// ---------------------------------------------------------------- main
async function main() {
  const started = Date.now()
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim()
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim()
  mkdirSync(join(ROOT, 'tmp'), { recursive: true })
  log(
    `wrk ${wrkOk.stdout.split('\n')[0] || wrkOk.stderr.split('\n')[0]}; taskset ${hasTaskset ? 'yes' : 'NO (not pinned)'}`
  )

  await build()
  // First-load JavaScript + CSS of Login and Home (issue 18 §4), from this bundle's manifest.
  const firstLoad = spawnSync(
    process.execPath,
    ['bench/first_load.mjs', '--build', 'tmp/bench-build/public/build'],
    { cwd: ROOT, encoding: 'utf8' }
  )
  log(`First load (npm run bench:size):\n${firstLoad.stdout}${firstLoad.stderr}`)
  const { file: seedFile, facts } = await ensureSqlite({ root: ROOT, buildDir: BUILD, log })
  const dbFile = workingCopy(seedFile, join(ROOT, 'tmp/bench-run.sqlite'))
  const lastSeededPost = (() => {
    const db = new Database(dbFile, { readonly: true })
    const { id } = db.prepare('SELECT max(id) AS id FROM posts').get()
    db.close()
    return id
  })()

  let pgFacts = null
  const wantPg = !args['no-pg'] && (!ONLY || ONLY.has('S1-PG'))
  if (wantPg) {
    try {
      const url = new URL(args['pg-url'])
      const database = url.pathname.slice(1)
      const adminUrl = new URL(args['pg-url'])
      adminUrl.pathname = '/postgres'
      pgFacts = await ensurePg({
        root: ROOT,
        buildDir: BUILD,
        log,
        url: url.href,
        adminUrl: adminUrl.href,
        database,
      })
    } catch (error) {
      log(`PostgreSQL unavailable, S1-PG skipped: ${error.message.split('\n')[0]}`)
    }
  }

  log('Starting servers (pinned to core 0)…')
  const servers = {}
  servers.bare = await startServer({
    args: ['bench/servers/bare.mjs'],
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORTS.bare) },
    url: `http://127.0.0.1:${PORTS.bare}/`,
    logFile: join(ROOT, 'tmp/bench-bare.log'),
  })
  servers.limit = await startServer({
    args: ['bench/servers/limit.mjs'],
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORTS.limit), DATABASE_PATH: dbFile },
    url: `http://127.0.0.1:${PORTS.limit}/?viewer=${FIRST_VIEWER_ID}`,
    logFile: join(ROOT, 'tmp/bench-limit.log'),
  })
  // S0's baseline (BENCHMARKS.md §3.4): a stock AdonisJS 7 app with the same
  // packages' session (database store), shield and auth middleware, one user
  // per virtual user in its own SQLite file; production mode like the app.
  const wantStock = !ONLY || ONLY.has('S0')
  if (wantStock) {
    servers.stock = await startServer({
      args: ['bench/servers/stock.mjs'],
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORTS.stock),
        STOCK_DB: join(ROOT, 'tmp/bench-stock.sqlite'),
        STOCK_USERS: String(VUS),
      },
      url: `http://127.0.0.1:${PORTS.stock}/__bench/constant`,
      logFile: join(ROOT, 'tmp/bench-stock.log'),
    })
  }
  const sqliteEnv = { DB_CONNECTION: 'sqlite', DATABASE_PATH: dbFile }
  servers.app = await startApp('app', PORTS.app, sqliteEnv)
  // The counting servers run no job-queue worker: its idle reads (3 per
  // second) were counted with any request they fell beside (the admin
  // dashboard's 12 queries measured as 12 / 24 / 18 / 18 / 12). The measured
  // servers keep theirs, as a real process does.
  const countEnv = { BENCH_COUNT_QUERIES: '1', BENCH_LOG_QUERIES: '1', QUEUE_WORKER: 'false' }
  servers.count = await startApp('count', PORTS.count, { ...sqliteEnv, ...countEnv })
  const pgEnv = pgFacts ? { DB_CONNECTION: 'pg', PG_URL: args['pg-url'] } : null
  if (pgEnv) {
    servers.appPg = await startApp('app-pg', PORTS.appPg, pgEnv)
    servers.countPg = await startApp('count-pg', PORTS.countPg, { ...pgEnv, ...countEnv })
  }

  try {
    const base = `http://127.0.0.1:${PORTS.app}`
    log(`Signing in ${VUS} virtual users (+${HEAVY_VUS} sessions of the viewer with 50 blocks)…`)
    const members = await signIn(
      base,
      Array.from({ length: VUS }, (_, i) => FIRST_VIEWER_ID + i)
    )
    const heavy = await signIn(base, Array(HEAVY_VUS).fill(BLOCKER_ID))
    const stockAgents = []
    if (servers.stock) {
      for (let i = 1; i <= VUS; i++) {
        const agent = new Agent(`http://127.0.0.1:${PORTS.stock}`)
        const res = await agent.request(`/__bench/login?user=${i}`)
        if (res.status !== 200) throw new Error(`stock sign-in: HTTP ${res.status} ${res.text()}`)
        stockAgents.push(agent)
      }
    }
    const wantS7 = !ONLY || ONLY.has('S7')
    const admins = wantS7 ? await signIn(base, Array(S7_CONC).fill(ADMIN_ID)) : []
    const version = await inertiaVersion(members[0])
    let pgMembers = []
    let pgVersion = null
    if (pgEnv) {
      const pgBase = `http://127.0.0.1:${PORTS.appPg}`
      pgMembers = await signIn(
        pgBase,
        Array.from({ length: VUS }, (_, i) => FIRST_VIEWER_ID + i)
      )
      pgVersion = await inertiaVersion(pgMembers[0])
    }

    // S1-API (issue 14): one token per virtual user, made through the profile's Tokens form.
    const wantApi = !ONLY || ONLY.has('S1-API')
    const apiTokens = []
    if (wantApi) {
      for (const agent of members) apiTokens.push(await agent.createToken('bench'))
    }

    const hasSearch =
      (await members[0].request('/search?q=test', { headers: inertiaHeaders(members[0], version) }))
        .status === 200
    const likeIds = visiblePostIds(dbFile)
    const [t1, t2] = facts.searchTerms
    let postSeq = 0

    /** Every scenario: where it runs and the requests it cycles through. */
    const scenarios = [
      {
        id: 'S0',
        name: 'Framework floor (constant JSON, all global middleware, signed in)',
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () =>
          members.map((a) => ({ path: '/__bench/constant', headers: { Cookie: a.cookieHeader } })),
      },
      servers.stock && {
        id: 'S0-stock',
        name: 'Stock: AdonisJS 7 with stock session (database), shield and auth, constant JSON, signed in',
        port: PORTS.stock,
        lines: () =>
          stockAgents.map((a) => ({
            path: '/__bench/constant',
            headers: { Cookie: a.cookieHeader },
          })),
      },
      {
        id: 'S1',
        name: 'Home feed, Inertia JSON (20 cards)',
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () => members.map((a) => ({ path: '/', headers: inertiaHeaders(a, version) })),
      },
      {
        id: 'S1-limit',
        name: 'Limit: bare Node + better-sqlite3, same feed JSON, hand-written SQL',
        port: PORTS.limit,
        lines: () => members.map((_, i) => ({ path: `/?viewer=${FIRST_VIEWER_ID + i}` })),
      },
      apiTokens.length > 0 && {
        id: 'S1-API',
        name: 'Team feed through the public API (GET /api/v1/feeds/team, a token per user, 20 posts)',
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () =>
          apiTokens.map((token) => ({
            path: '/api/v1/feeds/team',
            headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          })),
      },
      pgEnv && {
        id: 'S1-PG',
        name: 'Home feed on PostgreSQL',
        port: PORTS.appPg,
        countPort: PORTS.countPg,
        lines: () => pgMembers.map((a) => ({ path: '/', headers: inertiaHeaders(a, pgVersion) })),
      },
      {
        id: 'S1-heavy',
        name: 'Home feed of the viewer with 50 blocks (60% of all posts hidden)',
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () => heavy.map((a) => ({ path: '/', headers: inertiaHeaders(a, version) })),
      },
      facts.detailPostId && {
        id: 'S2',
        name: `Post detail, first comment page of a ${facts.detailPostComments}-comment post`,
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () =>
          members.map((a) => ({
            path: `/posts/${facts.detailPostId}`,
            headers: inertiaHeaders(a, version),
          })),
      },
      {
        id: 'S3',
        name: 'Create post (form POST, CSRF, session)',
        port: PORTS.app,
        countPort: PORTS.count,
        write: true,
        lines: () => {
          const out = []
          for (let i = 0; i < 400; i++) {
            const a = members[i % members.length]
            out.push({
              method: 'POST',
              path: '/posts',
              body: new URLSearchParams({
                // Words outside the seeded corpus: S6 runs after S3 in each
                // round and must search the seeded data, not these posts.
                body: `<p>Benchmark post ${++postSeq}: notes from the weekly planning meeting</p>`,
                audience: 'team',
              }).toString(),
              headers: {
                'Cookie': a.cookieHeader,
                'X-XSRF-TOKEN': a.xsrf,
                'Content-Type': 'application/x-www-form-urlencoded',
              },
            })
          }
          return out
        },
      },
      {
        id: 'S4',
        name: 'Like toggle on random visible posts (JSON)',
        port: PORTS.app,
        countPort: PORTS.count,
        write: true,
        lines: () =>
          likeIds.slice(0, 2000).map((id, i) => {
            const a = members[i % members.length]
            return {
              method: 'POST',
              path: `/posts/${id}/like`,
              body: '{}',
              headers: {
                'Cookie': a.cookieHeader,
                'X-XSRF-TOKEN': a.xsrf,
                'Content-Type': 'application/json',
                'Accept': 'application/json',
              },
            }
          }),
      },
      wantS7 && {
        id: 'S7',
        name: `Admin dashboard (Inertia JSON, every figure + 30-day chart) at c=${S7_CONC}, with S1 at c=${S7_S1_CONC} alongside`,
        port: PORTS.app,
        countPort: PORTS.count,
        alongside: true,
        lines: () => admins.map((a) => ({ path: '/admin', headers: inertiaHeaders(a, version) })),
      },
      hasSearch && {
        id: 'S6',
        name: `Search "${t1} ${t2}" over 100k posts`,
        port: PORTS.app,
        countPort: PORTS.count,
        lines: () =>
          members.map((a) => ({
            path: `/search?q=${encodeURIComponent(`${t1} ${t2}`)}`,
            headers: inertiaHeaders(a, version),
          })),
      },
    ]
      .filter(Boolean)
      .filter(
        (s) =>
          !ONLY ||
          ONLY.has(s.id) ||
          (s.id === 'S1-limit' && (ONLY.has('S1') || ONLY.has('S0'))) ||
          (s.id === 'S0-stock' && ONLY.has('S0'))
      )

    // ---- measurement run: queries per request and payload sizes
    log('Measurement run: SQL queries per request and payload sizes…')
    const measured = {}
    for (const s of scenarios) {
      const line = s.lines()[0]
      const port = s.countPort ?? s.port
      const req = async () =>
        fetch(`http://127.0.0.1:${port}${line.path}`, {
          method: line.method ?? 'GET',
          headers: line.headers,
          body: line.body || undefined,
          redirect: 'manual',
        })
      const counter = async () => {
        const res = await fetch(`http://127.0.0.1:${port}/__bench/queries`)
        return (await res.json()).queries
      }
      await req() // warm
      let queries = null
      let samples = null
      let sql = null
      if (s.countPort) {
        const a = await counter()
        const b = await counter()
        const own = b - a // the counter route's own queries (none: no session cookie)
        // 5 requests: the median (a 2% session GC or a cache refresh can add one)
        samples = []
        for (let i = 0; i < 5; i++) {
          const before = await counter()
          const res = await req()
          await res.arrayBuffer()
          const after = await fetch(`http://127.0.0.1:${port}/__bench/queries`)
          const { queries: total, log: list } = await after.json()
          samples.push(total - before - own)
          sql = list
        }
        queries = [...samples].sort((x, y) => x - y)[2]
      }
      const res = await req()
      const body = Buffer.from(await res.arrayBuffer())
      measured[s.id] = { status: res.status, queries, samples, sql, ...sizes(body) }
      log(
        `  ${s.id}: HTTP ${res.status}, ${queries ?? '–'} queries (${samples?.join('/') ?? '–'}), ${body.length} B raw, ${measured[s.id].gzip} B gzip`
      )
    }

    // The measurement run's S3 request wrote a post: gone before the rounds.
    await dropPostsAfter(dbFile, lastSeededPost)

    // The query-counting servers are done: stopped, so that their idle work
    // (the job queue's polls, the metrics' event-loop timer: ~2% of a core
    // each) no longer shares core 0 with the measured server. With three
    // idle app servers beside it, S1's CPU per request rose ~8% and its p99
    // at c=16 from ~19 to ~25 ms.
    for (const name of ['count', 'countPg']) {
      await servers[name]?.stop()
      delete servers[name]
    }

    // ---- the servers' JIT warm-up: once, every scenario at c=16
    if (JIT_WARMUP > 0) {
      log(`JIT warm-up: every scenario for ${JIT_WARMUP} s at c=16…`)
      for (const s of scenarios) {
        if (!s.alongside) await wrk(s.port, s.lines(), 16, JIT_WARMUP)
        if (s.id === 'S3') await dropPostsAfter(dbFile, lastSeededPost)
      }
    }

    // ---- the rounds
    const rounds = []
    for (let round = 1; round <= ROUNDS; round++) {
      let idle = idlePercent(3)
      for (
        let tries = 0;
        idle !== null && idle < Number(args['min-idle']) && tries < Number(args['max-wait']) / 10;
        tries++
      ) {
        log(`  round ${round}: CPU idle ${idle.toFixed(0)}% < ${args['min-idle']}%, waiting…`)
        await new Promise((r) => setTimeout(r, 10_000))
        idle = idlePercent(3)
      }
      const conditions = { idle, busy: busyProcesses(4) }
      log(`Round ${round}/${ROUNDS} (CPU idle ${idle?.toFixed(0)}%)`)
      const bareLines = [{ path: '/' }]
      // B as measured in BENCHMARKS.md §2.1 (no hold: plain node:http accepts 100 connections in ~1 ms)
      await wrk(PORTS.bare, bareLines, 100, WARMUP, { hold: 0 })
      const bBefore = await wrk(PORTS.bare, bareLines, 100, 10, { hold: 0 })
      const results = {}
      for (const s of scenarios) {
        if (s.alongside) {
          Object.assign(results, await runS7(s, members, version))
          continue
        }
        for (const conc of CONCS) {
          const lines = s.lines()
          let before = null
          if (s.id === 'S3') before = counterTruth(dbFile).posts
          if (WARMUP > 0) await wrk(s.port, lines, conc, WARMUP)
          if (s.id === 'S3') before = counterTruth(dbFile).posts
          // The app servers' event-loop delay and GC pauses over the run (a
          // tail's cause: the server stalled, or requests queued behind work).
          const loopUrl = APP_PORTS.has(s.port)
            ? `http://127.0.0.1:${s.port}/__bench/eventloop`
            : null
          if (loopUrl) await fetch(`${loopUrl}?reset=1`)
          const r = await wrk(s.port, lines, conc, DURATION)
          if (loopUrl) r.eventLoop = await (await fetch(loopUrl)).json()
          if (s.id === 'S3') {
            const created = counterTruth(dbFile).posts - before
            r.lostWrites = Math.max(0, r.requests - r.badStatus - created)
            r.dropped = await dropPostsAfter(dbFile, lastSeededPost)
          }
          results[`${s.id}@${conc}`] = r
          const loop = r.eventLoop
            ? `; loop max ${r.eventLoop.max.toFixed(1)} ms, GC max ${r.eventLoop.gcMaxMs.toFixed(1)} ms (${r.eventLoop.gcKind}), GC ${r.eventLoop.gcTotalMs.toFixed(0)} ms in all`
            : ''
          log(
            `  ${s.id} c=${conc}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.bytesPerRequest.toFixed(0)} B/response${r.badStatus ? `, ${r.badStatus} non-2xx/3xx` : ''}${r.errors ? `, ${r.errors} socket errors` : ''}${loop}`
          )
        }
      }
      const bAfter = await wrk(PORTS.bare, bareLines, 100, 10, { hold: 0 })
      const B = (bBefore.rps + bAfter.rps) / 2
      log(`  B = ${B.toFixed(0)} req/s (${bBefore.rps.toFixed(0)} / ${bAfter.rps.toFixed(0)})`)
      rounds.push({ round, B, bBefore: bBefore.rps, bAfter: bAfter.rps, conditions, results })
    }

    // ---- S4: 100 concurrent toggles by one user on one post, counters exact afterwards
    const extra = {}
    if (scenarios.some((s) => s.id === 'S4')) {
      const target = likeIds[likeIds.length - 1]
      const a = members[0]
      const burst = await Promise.all(
        Array.from({ length: 100 }, () =>
          a.request(`/posts/${target}/like`, {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json', 'accept': 'application/json' },
          })
        )
      )
      const db = new Database(dbFile, { readonly: true })
      const row = db.prepare('SELECT likes_count AS n FROM posts WHERE id = ?').get(target)
      const truth = db.prepare('SELECT count(*) AS n FROM post_likes WHERE post_id = ?').get(target)
      const dupes = db
        .prepare(
          'SELECT count(*) AS n FROM (SELECT post_id, user_id FROM post_likes GROUP BY post_id, user_id HAVING count(*) > 1)'
        )
        .get()
      db.close()
      const truthAll = counterTruth(dbFile)
      extra.burst = {
        post: target,
        statuses: [...new Set(burst.map((r) => r.status))],
        likesCount: row.n,
        rows: truth.n,
        duplicates: dupes.n,
        postsWithWrongCounter: truthAll.wrongLikes,
      }
      log(
        `S4 burst: 100 toggles → statuses ${extra.burst.statuses}, likes_count ${row.n} vs ${truth.n} rows, ${dupes.n} duplicates, ${truthAll.wrongLikes} posts with a wrong counter`
      )
    }

    // ---- S6 at the SQL level: FTS5 vs LIKE scan
    extra.search = searchSql(dbFile, facts.searchTerms)
    for (const c of extra.search) {
      log(
        `S6 SQL (${c.label}, ${c.matches} matches): FTS5 ${c.fts.toFixed(3)} ms vs LIKE ${c.like.toFixed(2)} ms (first page) / ${c.likeCount.toFixed(2)} ms (full scan)`
      )
    }

    if (scenarios.some((s) => s.id === 'S7')) {
      writeSection(join(ROOT, args.out), 's7', { markdown: s7Section(rounds, measured.S7, commit) })
      if (ONLY && ONLY.size === 1) {
        log(`S7 only: section "s7" of ${args.out} written, the HTTP section left as it is.`)
      }
    }

    const results = {
      commit,
      title: args.title,
      dirty: dirty.length > 0,
      date: new Date().toISOString(),
      minutes: (Date.now() - started) / 60000,
      protocol: {
        rounds: ROUNDS,
        duration: DURATION,
        warmup: WARMUP,
        jitWarmup: JIT_WARMUP,
        concs: CONCS,
        vus: VUS,
        hold: HOLD_MS,
        taskset: hasTaskset,
      },
      facts,
      hasSearch,
      scenarios: scenarios.map(({ id, name }) => ({ id, name })),
      measured,
      rounds,
      extra,
    }
    writeFileSync(join(ROOT, 'tmp/bench-results.json'), JSON.stringify(results, null, 2))
    const s7Only = ONLY && ONLY.size === 1 && ONLY.has('S7')
    if (!s7Only) writeSection(join(ROOT, args.out), args.section, results)
    log(`Done in ${results.minutes.toFixed(1)} min: ${args.out} (raw: tmp/bench-results.json).`)
  } finally {
    for (const s of Object.values(servers)) await s.stop()
  }
}

/**
 * S7 (BENCHMARKS.md §3.4): S1 alone at c=16 (this round's baseline), then
 * the admin dashboard at c=4 and S1 at c=16 at the same time on the same
 * server (two wrk processes), with the server's event-loop delay measured
 * over the shared window (bench/servers/app.mjs /__bench/eventloop).
 */
async function runS7(s, members, version) {
  const feed = members.map((a) => ({ path: '/', headers: inertiaHeaders(a, version) }))
  const dashboard = s.lines()
  if (WARMUP > 0) await wrk(s.port, dashboard, S7_CONC, WARMUP, { tag: '-s7' })
  const alone = await wrk(s.port, feed, S7_S1_CONC, DURATION)
  const loopUrl = `http://127.0.0.1:${s.port}/__bench/eventloop`
  await fetch(`${loopUrl}?reset=1`)
  const [s7, s1] = await Promise.all([
    wrk(s.port, dashboard, S7_CONC, DURATION, { tag: '-s7' }),
    wrk(s.port, feed, S7_S1_CONC, DURATION, { tag: '-s1' }),
  ])
  const loop = await (await fetch(loopUrl)).json()
  s7.eventLoop = loop
  log(
    `  S7 c=${S7_CONC}: ${s7.rps.toFixed(0)} req/s, p95 ${s7.p95.toFixed(2)} ms, p99 ${s7.p99.toFixed(2)} ms; ` +
      `S1 c=${S7_S1_CONC} alongside: p99 ${s1.p99.toFixed(2)} ms (alone ${alone.p99.toFixed(2)} ms); ` +
      `event loop p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms` +
      `${s7.badStatus + s1.badStatus ? `, ${s7.badStatus + s1.badStatus} non-2xx/3xx` : ''}`
  )
  return {
    [`S7@${S7_CONC}`]: s7,
    [`S1-alongside-S7@${S7_S1_CONC}`]: s1,
    [`S1-before-S7@${S7_S1_CONC}`]: alone,
  }
}

/** docs/benchmarks.md's S7 section: medians over the rounds, against BENCHMARKS.md's goals. */
function s7Section(rounds, measured, commit) {
  const pick = (key, f) => {
    const xs = rounds
      .map((r) => r.results[key])
      .filter(Boolean)
      .map(f)
      .sort((a, b) => a - b)
    return xs.length ? xs[xs.length >> 1] : null
  }
  const s7 = `S7@${S7_CONC}`
  const with1 = `S1-alongside-S7@${S7_S1_CONC}`
  const alone = `S1-before-S7@${S7_S1_CONC}`
  const f = (x) => (x === null ? '–' : x.toFixed(x < 10 ? 2 : 1))
  const p95 = pick(s7, (r) => r.p95)
  const s1p99 = pick(with1, (r) => r.p99)
  const loopP99 = pick(s7, (r) => r.eventLoop.p99)
  const met = (ok) => (ok ? '**met**' : '**MISSED**')
  const bad = rounds.reduce(
    (n, r) => n + (r.results[s7]?.badStatus ?? 0) + (r.results[with1]?.badStatus ?? 0),
    0
  )
  return `## S7: admin dashboard beside the home feed (\`npm run bench -- --only S7\`)

Commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${rounds.length} round(s) of ${DURATION} s (medians).
GET /admin as an Inertia visit (every figure, the 30-day activity chart) by ${S7_CONC} admin sessions,
while S1 (the home feed) runs at c=${S7_S1_CONC} on the same server; ${measured?.queries ?? '–'} SQL queries per
dashboard request, ${measured?.gzip ?? '–'} B gzip.

| Figure | Measured | Goal (BENCHMARKS.md §3.4) | |
|---|---|---|---|
| S7 dashboard p95 | ${f(p95)} ms (p50 ${f(pick(s7, (r) => r.p50))}, p99 ${f(pick(s7, (r) => r.p99))}, ${f(pick(s7, (r) => r.rps))} req/s) | ≤ 150 ms uncached | ${met(p95 !== null && p95 <= 150)} |
| S1 p99 while S7 runs | ${f(s1p99)} ms (alone just before: ${f(pick(alone, (r) => r.p99))} ms; p50 ${f(pick(with1, (r) => r.p50))} vs ${f(pick(alone, (r) => r.p50))} ms) | ≤ 50 ms | ${met(s1p99 !== null && s1p99 <= 50)} |
| Event-loop delay p99 (both running) | ${f(loopP99)} ms (max ${f(pick(s7, (r) => r.eventLoop.max))} ms) | ≤ 50 ms | ${met(loopP99 !== null && loopP99 <= 50)} |
| Non-2xx/3xx or socket errors | ${bad} | 0 | ${met(bad === 0)} |

How the dashboard stays cheap: nothing scans posts, likes, comments, messages or media — the
content totals are the 8 slot rows of dashboard_totals, exact counters kept by triggers in the
transaction of every row change (migrations 0113 and 0126, repaired by counters:repair); accounts are one
GROUP BY over users, pending posts one count on a partial index, and the chart reads the
activity_daily rollup (filled by RollupActivityJob) plus today's rows on created_at indexes
(app/queries/admin/dashboard.ts, app/services/activity_rollup.ts).
`
}

/** FTS5 MATCH vs LIKE '%…%' on the same data and terms, first page of 20 (plus a LIKE count). */
function searchSql(dbFile, terms) {
  const db = new Database(dbFile, { readonly: true })
  const time = (stmt, params, n) => {
    for (let i = 0; i < 3; i++) stmt.all(...params)
    const t = performance.now()
    for (let i = 0; i < n; i++) stmt.all(...params)
    return (performance.now() - t) / n
  }
  // FTS5 walked newest first (rowid = post id), as the search page does.
  const fts = db.prepare(
    `SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT 21`
  )
  const like = db.prepare(
    `SELECT id FROM posts WHERE body_text LIKE ? AND body_text LIKE ? ORDER BY id DESC LIMIT 21`
  )
  const likeCount = db.prepare(
    `SELECT count(*) AS n FROM posts WHERE body_text LIKE ? AND body_text LIKE ?`
  )
  const ftsCount = db.prepare(`SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH ?`)
  // A rarer pair too: terms in about 0.5% and 1.5% of the posts.
  db.exec(`CREATE VIRTUAL TABLE temp.bench_vocab USING fts5vocab(main, 'posts_fts', 'row')`)
  const near = db.prepare(
    `SELECT term FROM temp.bench_vocab WHERE length(term) > 5 ORDER BY abs(doc - ?) LIMIT 1`
  )
  const rare = [near.get(500).term, near.get(1500).term]
  const measure = (label, [t1, t2]) => {
    const q = `"${t1}" "${t2}"`
    const out = {
      label,
      terms: [t1, t2],
      matches: ftsCount.get(q).n,
      fts: time(fts, [q], 200),
      like: time(like, [`%${t1}%`, `%${t2}%`], 5),
      likeCount: time(likeCount, [`%${t1}%`, `%${t2}%`], 5),
    }
    return out
  }
  const cases = [measure('the S6 terms', terms), measure('a rarer pair', rare)]
  db.close()
  return cases
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
