// `npm run bench:soak`: S8 of BENCHMARKS.md §3.4, the soak. The production
// build on the seeded SQLite data (the same as `npm run bench`), pinned to
// core 0; the load from this process and the idle sockets from
// bench/realtime/clients.mjs on core 1.
//
//   SOAK_MINUTES=30 npm run bench:soak -- [--skip-build] [--sockets 10000]
//                                        [--max-seconds 10] [--out tmp/soak-results.json]
//
// 1. The mixed max: the mix below, closed loop at c=16 for --max-seconds.
// 2. SOAK_MINUTES (30 by default) at 50% of that rate, open loop (a request
//    is started every 1/rate s whatever the answers), with --sockets idle
//    Pusher sockets subscribed and 1 broadcast/s to them.
// Mix: 60% feed, 15% post detail, 10% like, 5% new post, 5% search,
// 5% direct message. Judged: 0 errors (network errors or HTTP ≥ 400),
// p99 of the last 5 minutes ≤ 1.5× the first 5 (the first and last fifth
// for runs under 25 minutes), RSS drift ≤ 10% after warm-up (the first
// minute), no event-loop stall over 200 ms (the server's max delay), no
// socket dropped.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { hasTaskset, startServer } from './lib/proc.mjs'
import { ensureSqlite, workingCopy } from './lib/seed.mjs'
import { visiblePostIds } from './lib/targets.mjs'
import { Agent, inertiaVersion } from './lib/http.mjs'
import { FIRST_VIEWER_ID, PASSWORD } from './lib/data.mjs'
import { buildApp, productionEnv } from './lib/build.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'sockets': { type: 'string', default: '10000' },
    'max-seconds': { type: 'string', default: '10' },
    'out': { type: 'string', default: 'tmp/soak-results.json' },
  },
})
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30)
const SOCKETS = Number(args.sockets)
if (!(MINUTES > 0) || !(SOCKETS >= 0)) {
  console.error('SOAK_MINUTES must be a positive number and --sockets a count.')
  process.exit(1)
}
const PORT = 3451
const VUS = 50
// A person sends at most one message every 6 s: a third of the app's flood guard
// (MESSAGES_PER_MINUTE = 30 per sender, app/services/messages/messaging_rules.ts).
// The soak's rate follows the machine, so the people who send its 5% of
// messages are as many as that pace needs (at least the VUS).
const MESSAGES_PER_PERSON_MINUTE = 10
const APP = { appId: '424242', key: 'soak-bench-key', secret: 'soak-bench-secret-0123456789' }
const ULIMIT = ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'sh']
const log = (...m) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...m)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

async function main() {
  const BUILD = join(ROOT, 'tmp/bench-build')
  await buildApp({ root: ROOT, buildDir: BUILD, skip: args['skip-build'], log })
  const { file: seedFile, facts } = await ensureSqlite({ root: ROOT, buildDir: BUILD, log })
  const dbFile = workingCopy(seedFile, join(ROOT, 'tmp/bench-soak.sqlite'))
  const base = `http://127.0.0.1:${PORT}`
  const server = await startServer({
    command: 'sh',
    args: [...ULIMIT, process.execPath, 'bench/servers/app.mjs'],
    cwd: ROOT,
    env: productionEnv(
      { root: ROOT, buildDir: BUILD },
      {
        PORT: String(PORT),
        APP_URL: base,
        DB_CONNECTION: 'sqlite',
        DATABASE_PATH: dbFile,
        REVERB_APP_ID: APP.appId,
        REVERB_APP_KEY: APP.key,
        REVERB_APP_SECRET: APP.secret,
        REVERB_MAX_CONNECTIONS_PER_IP: '0',
        // 50 people write for 30 minutes: the per-person limits would refuse them.
        RATE_LIMIT_POSTS: '1000000',
        RATE_LIMIT_COMMENTS: '1000000',
        RATE_LIMIT_LIKES: '1000000',
        RATE_LIMIT_SEARCHES: '1000000',
      }
    ),
    core: 0,
    url: `${base}/__bench/constant`,
    logFile: join(ROOT, 'tmp/bench-soak.log'),
  })
  let sockets = null
  try {
    log(`Signing in ${VUS} virtual users…`)
    const members = []
    const signIn = (id) => new Agent(base).login(`bench${id}@bench.test`, PASSWORD)
    for (let i = 0; i < VUS; i++) members.push(await signIn(FIRST_VIEWER_ID + i))
    // Who sends the messages, in turn, each to the next (never oneself); grown
    // once the soak's rate is known.
    const senders = members.map((agent, i) => ({ agent, id: FIRST_VIEWER_ID + i }))
    let messageSeq = 0
    const version = await inertiaVersion(members[0])
    const likeIds = visiblePostIds(dbFile)
    const terms = facts.searchTerms ?? ['team']
    let seq = 0

    const inertia = (a) => ({
      'cookie': a.cookieHeader,
      'x-inertia': 'true',
      'x-inertia-version': version,
      'x-requested-with': 'XMLHttpRequest',
      'accept': 'text/html, application/xhtml+xml',
    })
    const write = (a, type) => ({
      'cookie': a.cookieHeader,
      'x-xsrf-token': a.xsrf,
      'content-type': type,
      'accept': 'application/json',
    })
    /** One request of the mix (BENCHMARKS.md S8). */
    function next() {
      const n = ++seq
      // Every person in turn for each kind but messages (their senders, below).
      const a = members[(n + Math.floor(n / 20)) % VUS]
      const roll = n % 20
      if (roll < 12) return { kind: 'feed', path: '/', headers: inertia(a) }
      if (roll < 15)
        return {
          kind: 'detail',
          path: `/posts/${facts.detailPostId ?? likeIds[n % likeIds.length]}`,
          headers: inertia(a),
        }
      if (roll < 17)
        return {
          kind: 'like',
          method: 'POST',
          path: `/posts/${likeIds[n % likeIds.length]}/like`,
          headers: write(a, 'application/json'),
          body: JSON.stringify({ liked: n % 4 < 2 }),
        }
      if (roll === 17)
        return {
          kind: 'post',
          method: 'POST',
          path: '/posts',
          headers: write(a, 'application/x-www-form-urlencoded'),
          body: new URLSearchParams({
            body: `<p>Soak post ${n}: notes from the weekly planning meeting</p>`,
            audience: 'team',
          }).toString(),
        }
      if (roll === 18)
        return {
          kind: 'search',
          path: `/search?q=${encodeURIComponent(terms[n % terms.length])}`,
          headers: inertia(a),
        }
      const i = messageSeq++ % senders.length
      return {
        kind: 'message',
        method: 'POST',
        path: `/messages/bench${senders[(i + 1) % senders.length].id}`,
        headers: write(senders[i].agent, 'application/json'),
        body: JSON.stringify({ body: `Soak message ${n}` }),
      }
    }

    const errors = []
    async function fire() {
      const r = next()
      const t0 = performance.now()
      try {
        const res = await fetch(base + r.path, {
          method: r.method ?? 'GET',
          headers: r.headers,
          body: r.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        })
        await res.arrayBuffer()
        if (res.status >= 400) errors.push(`${r.kind} ${r.path}: HTTP ${res.status}`)
      } catch (error) {
        errors.push(`${r.kind} ${r.path}: ${error.message}`)
      }
      return performance.now() - t0
    }

    // 1. The mixed max, closed loop at c=16 (after a 3 s warm-up).
    const closedLoop = async (seconds) => {
      let done = 0
      const until = performance.now() + seconds * 1000
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (performance.now() < until) {
            await fire()
            done++
          }
        })
      )
      return done / seconds
    }
    await closedLoop(3)
    const max = await closedLoop(Number(args['max-seconds']))
    const rate = max / 2
    log(`Mixed max ${max.toFixed(0)} req/s at c=16; the soak runs at ${rate.toFixed(0)} req/s`)
    const needed = Math.ceil((rate * 0.05 * 60) / MESSAGES_PER_PERSON_MINUTE)
    if (needed > senders.length) {
      log(`Signing in ${needed - senders.length} more people to send the messages…`)
      for (let id = FIRST_VIEWER_ID + senders.length; senders.length < needed; id++) {
        senders.push({ agent: await signIn(id), id })
      }
    }
    const warmErrors = errors.splice(0)

    // 2. The idle sockets (1 broadcast/s to them), then the soak.
    const seconds = MINUTES * 60
    if (SOCKETS > 0) {
      const options = JSON.stringify({
        ...APP,
        mode: 'pusher',
        ws: `ws://127.0.0.1:${PORT}/app/${APP.key}?protocol=7&client=bench&version=1`,
        http: base,
        n: SOCKETS,
        messages: 1,
        idleSeconds: seconds + 5,
        pid: server.pid,
        channel: 'private-bench.1',
      })
      const argv = [...ULIMIT, process.execPath, 'bench/realtime/clients.mjs', options]
      const [cmd, full] = hasTaskset ? ['taskset', ['-c', '1', 'sh', ...argv]] : ['sh', argv]
      sockets = spawn(cmd, full, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      sockets.stdout.on('data', (c) => (out += c))
      sockets.stderr.on('data', (c) => (out += c))
      sockets.result = new Promise((resolve) => {
        sockets.on('exit', (code) => {
          const m = /REALTIME_JSON (.*)/.exec(out)
          resolve(m ? JSON.parse(m[1]) : { failed: `exit ${code}: ${out.slice(-500)}` })
        })
      })
      // The load starts once every socket is open (the clients say so).
      const opened = Date.now()
      while (!out.includes('REALTIME_CONNECTED') && sockets.exitCode === null) await sleep(200)
      if (sockets.exitCode !== null)
        throw new Error(`the socket clients stopped: ${out.slice(-500)}`)
      log(`${SOCKETS} idle sockets open in ${((Date.now() - opened) / 1000).toFixed(1)} s`)
      await sleep(3000)
    }

    await fetch(`${base}/__bench/eventloop?reset=1`)
    const minutes = []
    const rss = []
    let inFlight = 0
    let peakInFlight = 0
    const started = performance.now()
    const interval = 1000 / rate
    let planned = started
    const fresh = () => ({ latencies: [], loopMax: 0, gcMax: 0, gcKind: null, gcTotal: 0 })
    let current = fresh()
    let minuteEnd = started + 60_000
    const sampler = setInterval(async () => {
      const sample = { at: (performance.now() - started) / 1000, kb: rssKb(server.pid) }
      rss.push(sample)
      const loop = await (await fetch(`${base}/__bench/eventloop?reset=1`)).json()
      sample.heapUsedMb = loop.heapUsedMb
      sample.heapTotalMb = loop.heapTotalMb
      current.loopMax = Math.max(current.loopMax, Number(loop.max ?? 0))
      current.gcTotal += Number(loop.gcTotalMs ?? 0)
      if (Number(loop.gcMaxMs ?? 0) > current.gcMax) {
        current.gcMax = Number(loop.gcMaxMs)
        current.gcKind = loop.gcKind
      }
    }, 5000)
    while (performance.now() - started < seconds * 1000) {
      const now = performance.now()
      if (now >= minuteEnd) {
        minutes.push(current)
        current = fresh()
        minuteEnd += 60_000
        const m = summary(minutes.at(-1))
        log(
          `minute ${minutes.length}: ${m.p99.toFixed(1)} ms p99, loop max ${m.loopMaxMs.toFixed(0)} ms, ` +
            `longest GC ${m.gcMaxMs.toFixed(0)} ms (${m.gcKind}), GC ${m.gcTotalMs.toFixed(0)} ms in all`
        )
      }
      while (planned <= now) {
        planned += interval
        inFlight++
        peakInFlight = Math.max(peakInFlight, inFlight)
        const bucket = current
        fire().then((ms) => {
          inFlight--
          bucket.latencies.push(ms)
        })
      }
      await sleep(Math.max(1, Math.min(20, planned - performance.now())))
    }
    clearInterval(sampler)
    while (inFlight > 0) await sleep(20)
    if (current.latencies.length) minutes.push(current)
    const realtime = sockets ? await sockets.result : null

    // Judge.
    const window = Math.max(1, MINUTES >= 25 ? 5 : Math.round(minutes.length / 5))
    const p99Of = (list) =>
      percentile(
        list.flatMap((m) => m.latencies).sort((x, y) => x - y),
        99
      )
    const first = p99Of(minutes.slice(0, window))
    const last = p99Of(minutes.slice(-window))
    const afterWarmup = rss.filter((s) => s.at >= Math.min(60, seconds / 5))
    const rssStart = afterWarmup[0]?.kb ?? rss[0]?.kb
    const rssEnd = rss.at(-1)?.kb
    const loopMax = Math.max(...minutes.map((m) => m.loopMax))
    const result = {
      date: new Date().toISOString(),
      minutes: MINUTES,
      mixedMaxRps: max,
      rateRps: rate,
      requests: minutes.reduce((n, m) => n + m.latencies.length, 0),
      errors: errors.length,
      firstErrors: errors.slice(0, 5),
      warmupErrors: warmErrors.length,
      perMinute: minutes.map(summary),
      p99First: first,
      p99Last: last,
      p99Ratio: last / first,
      rssStartKb: rssStart,
      rssEndKb: rssEnd,
      rssDrift: (rssEnd - rssStart) / rssStart,
      // Every 5 s: seconds since the start, RSS (kB), V8 heap used and total (MB).
      rssSamples: rss.map((r) => [
        Math.round(r.at),
        r.kb,
        Math.round(r.heapUsedMb ?? 0),
        Math.round(r.heapTotalMb ?? 0),
      ]),
      eventLoopMaxMs: loopMax,
      peakInFlight,
      sockets: realtime && {
        n: realtime.n,
        connectMs: realtime.connectMs,
        disconnects: realtime.disconnects,
        broadcasts: realtime.idle?.broadcasts,
        missing: realtime.idle?.missing,
        deliveryP95: realtime.idle?.delivery?.p95,
        failed: realtime.failed,
      },
    }
    result.pass = {
      errors: result.errors === 0,
      p99: result.p99Ratio <= 1.5,
      rss: result.rssDrift <= 0.1,
      eventLoop: loopMax <= 200,
      sockets: !realtime || (!realtime.failed && realtime.disconnects === 0),
    }
    writeFileSync(join(ROOT, args.out), JSON.stringify(result, null, 2) + '\n')
    log(JSON.stringify({ ...result, perMinute: undefined }, null, 2))
    log(`Written to ${args.out}`)
    if (Object.values(result.pass).includes(false)) process.exitCode = 1
  } finally {
    sockets?.kill('SIGKILL')
    await server.stop()
  }
}

function summary(minute) {
  const sorted = [...minute.latencies].sort((x, y) => x - y)
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50) ?? 0,
    p99: percentile(sorted, 99) ?? 0,
    loopMaxMs: minute.loopMax,
    gcMaxMs: minute.gcMax,
    gcKind: minute.gcKind,
    gcTotalMs: minute.gcTotal,
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
