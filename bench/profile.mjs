// `npm run bench:profile -- S1`: a CPU profile of the production build under
// steady load, for finding where a scenario's time goes. Reuses the bench's
// build and seeded database (run `npm run bench` once first), starts the app
// pinned to core 0 with BENCH_PROFILE, signs users in, loads it with wrk on
// core 1 (warm-up, then a profiled window) and prints the heaviest functions
// by self time and the packages they belong to. The raw profile is written to
// tmp/bench-<scenario>.cpuprofile (open it in Chrome DevTools).
//
//   npm run bench:profile -- S0|S1|S1-heavy|S2|S3|S4|S6 [--seconds 8] [--conc 16] [--top 40] [--pg] [--heap]
//     [--app-flags="--trace-gc …"] (the app's output: tmp/bench-profile.log)
//
// --heap: a sampling heap profile instead (tmp/bench-<scenario>.heapprofile)
// of the bytes allocated in the window that outlived the young generation
// (promoted, then freed by a major GC, or still live at the end): by
// allocating function and package. What a scavenge frees is left out.
//
// --pg: the app on the bench's PostgreSQL database (BENCH_PG_URL or
// postgres://postgres@127.0.0.1:5432/huddle_bench, seeded by a run with S1-PG)
// instead of SQLite (S1-PG is `S1 --pg`; S4's targets still come from SQLite).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { run, startServer } from './lib/proc.mjs'
import { productionEnv } from './lib/build.mjs'
import { Agent, inertiaVersion } from './lib/http.mjs'
import { BLOCKER_ID, FIRST_VIEWER_ID, PASSWORD } from './lib/data.mjs'
import { visiblePostIds } from './lib/targets.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '8' },
    conc: { type: 'string', default: '16' },
    top: { type: 'string', default: '40' },
    port: { type: 'string', default: '3447' },
    pg: { type: 'boolean', default: false },
    heap: { type: 'boolean', default: false },
    // Node/V8 flags for the app (as in `npm run bench`): --trace-gc, …
    'app-flags': { type: 'string', default: '' },
  },
})
const scenario = positionals[0] ?? 'S1'
const BUILD = join(ROOT, 'tmp/bench-build')
const DB = join(ROOT, 'tmp/bench-run.sqlite')
if (!existsSync(BUILD) || !existsSync(DB)) {
  console.error(
    'Run `npm run bench` once first (it builds tmp/bench-build and seeds tmp/bench-run.sqlite).'
  )
  process.exit(1)
}
const facts = JSON.parse(readFileSync(join(ROOT, 'tmp/bench-results.json'), 'utf8')).facts
const profileFile = join(
  ROOT,
  `tmp/bench-${scenario}${args.pg ? '-pg' : ''}.${args.heap ? 'heapprofile' : 'cpuprofile'}`
)
const database = args.pg
  ? {
      DB_CONNECTION: 'pg',
      PG_URL: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/huddle_bench',
    }
  : { DB_CONNECTION: 'sqlite', DATABASE_PATH: DB }
const port = Number(args.port)
const base = `http://127.0.0.1:${port}`

const app = await startServer({
  args: [...args['app-flags'].split(/\s+/).filter(Boolean), 'bench/servers/app.mjs'],
  cwd: ROOT,
  env: productionEnv(
    { root: ROOT, buildDir: BUILD },
    {
      ...database,
      PORT: String(port),
      BENCH_PROFILE: profileFile,
      BENCH_PROFILE_KIND: args.heap ? 'heap' : 'cpu',
      // As in `npm run bench`: the per-person limits would answer S3, S4 and S6 with 429.
      RATE_LIMIT_POSTS: '1000000000',
      RATE_LIMIT_LIKES: '1000000000',
      RATE_LIMIT_SEARCHES: '1000000000',
    }
  ),
  core: 0,
  url: `${base}/__bench/constant`,
  logFile: join(ROOT, 'tmp/bench-profile.log'),
})

try {
  const ids =
    scenario === 'S1-heavy'
      ? Array(8).fill(BLOCKER_ID)
      : [...Array(16).keys()].map((i) => FIRST_VIEWER_ID + i)
  const agents = []
  for (const id of ids) agents.push(await new Agent(base).login(`bench${id}@bench.test`, PASSWORD))
  const version = await inertiaVersion(agents[0])
  const inertia = (a) => [
    `Cookie\x1e${a.cookieHeader}`,
    `X-Inertia\x1etrue`,
    `X-Inertia-Version\x1e${version}`,
    `X-Requested-With\x1eXMLHttpRequest`,
  ]
  const terms = facts.searchTerms
  const gets = {
    'S0': '/__bench/constant',
    'S1': '/',
    'S1-heavy': '/',
    'S2': `/posts/${facts.detailPostId}`,
    'S6': `/search?q=${encodeURIComponent(terms.join(' '))}`,
  }
  // The write scenarios as in `npm run bench`: a form POST creating a team
  // post (S3), a JSON like toggle on a random visible post (S4).
  const write = (a, contentType, extra = []) => [
    `Cookie\x1e${a.cookieHeader}`,
    `X-XSRF-TOKEN\x1e${a.xsrf}`,
    `Content-Type\x1e${contentType}`,
    ...extra,
  ]
  const likeIds = scenario === 'S4' ? visiblePostIds(DB) : []
  const requests = {
    S3: (a, i) => ({
      method: 'POST',
      path: '/posts',
      headers: write(a, 'application/x-www-form-urlencoded'),
      body: new URLSearchParams({
        // Not the S6 terms: profiling S6 afterwards must search the seeded data.
        body: `<p>Profiled post ${i}: notes from the weekly planning meeting</p>`,
        audience: 'team',
      }).toString(),
    }),
    S4: (a, i) => ({
      method: 'POST',
      path: `/posts/${likeIds[i % likeIds.length]}/like`,
      headers: write(a, 'application/json', ['Accept\x1eapplication/json']),
      body: '{}',
    }),
  }
  if (!gets[scenario] && !requests[scenario]) throw new Error(`unknown scenario ${scenario}`)
  const lines = requests[scenario]
    ? [...Array(2000).keys()].map((i) => requests[scenario](agents[i % agents.length], i))
    : agents.map((a) => ({ method: 'GET', path: gets[scenario], headers: inertia(a), body: '' }))
  const file = join(ROOT, 'tmp/bench-profile-requests.txt')
  writeFileSync(
    file,
    lines.map((l) => [l.method, l.path, l.headers.join('\x1f'), l.body].join('\t')).join('\n') +
      '\n'
  )
  // One request up front: the scenario answers as expected (else the
  // profile would be of an error path).
  const [first] = lines.slice(-1)
  const probe = await fetch(base + first.path, {
    method: first.method,
    headers: Object.fromEntries(first.headers.map((h) => h.split('\x1e'))),
    body: first.body || undefined,
    redirect: 'manual',
  })
  const probeBody = await probe.arrayBuffer()
  console.log(
    `${scenario}: ${first.method} ${first.path} → HTTP ${probe.status}, ${probeBody.byteLength} B`
  )
  const wrk = (seconds) =>
    run(
      'wrk',
      [
        '-t1',
        `-c${args.conc}`,
        `-d${seconds}s`,
        '-s',
        join(ROOT, 'bench/wrk/requests.lua'),
        base,
        '--',
        file,
      ],
      { quiet: true, core: 1 }
    )
  await wrk(3)
  await fetch(`${base}/__bench/profile/start`)
  const out = await wrk(Number(args.seconds))
  await fetch(`${base}/__bench/profile/stop`)
  const r = JSON.parse(/BENCH_JSON (\{.*\})/.exec(out)[1])
  console.log(
    `profiled window: ${(r.requests / (r.duration_us / 1e6)).toFixed(0)} req/s, p50 ${(r.p50 / 1000).toFixed(2)} ms, p99 ${(r.p99 / 1000).toFixed(2)} ms, non-2xx ${r.status}`
  )
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'))
  if (args.heap) summariseHeap(profile, Number(args.top), r.requests)
  else summarise(profile, Number(args.top))
  console.log(`profile: ${profileFile}`)
} finally {
  await app.stop()
}

/** Where a frame's code lives: a package, or the app's folder in the build. */
function packageOf(where, functionName) {
  return (
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('tmp/bench-build/')
      ? 'app: ' + where.split('/').slice(2, 4).join('/')
      : where
        ? where.split('/')[0]
        : functionName)
  )
}

/** A sampling heap profile: bytes by allocating function (self) and package, per request. */
function summariseHeap(profile, top, requests) {
  const fns = new Map()
  const pkgs = new Map()
  let total = 0
  const visit = (node) => {
    const bytes = node.selfSize
    if (bytes > 0) {
      const f = node.callFrame
      const where = f.url.replace(/^file:\/\//, '').replace(ROOT, '')
      const key = `${f.functionName || '(anonymous)'}  ${where}:${f.lineNumber + 1}`
      fns.set(key, (fns.get(key) ?? 0) + bytes)
      const pkg = packageOf(where, f.functionName)
      pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + bytes)
      total += bytes
    }
    for (const child of node.children) visit(child)
  }
  visit(profile.head)
  const row = (bytes) =>
    `${((100 * bytes) / total).toFixed(1).padStart(5)}% ${(bytes / requests).toFixed(0).padStart(7)} B/req`
  console.log(
    `\nsurvived the young generation: ${(total / 1e6).toFixed(1)} MB sampled, ${(total / requests).toFixed(0)} B per request`
  )
  console.log('\nby package:')
  for (const [k, b] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(row(b), k)
  console.log('\nby function (self):')
  for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(b), k)
}

function summarise(profile, top) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map()
  const dt = profile.timeDeltas
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]
    self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0))
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const fns = new Map()
  const pkgs = new Map()
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id)
    const where = f.url.replace(/^file:\/\//, '').replace(ROOT, '')
    const key = `${f.functionName || '(anonymous)'}  ${where}:${f.lineNumber + 1}`
    fns.set(key, (fns.get(key) ?? 0) + us)
    const pkg = packageOf(where, f.functionName)
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us)
  }
  const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5) + '%'
  console.log(`\nby package (self time, ${(total / 1e6).toFixed(2)} s sampled):`)
  for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(us), k)
  console.log('\nby function (self time):')
  for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(us), k)
}
