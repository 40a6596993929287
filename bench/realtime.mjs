// `npm run bench:realtime`: S5 and S5-idle of BENCHMARKS.md §3.4 against the
// app's Pusher-protocol server (production build), with a plain `ws`
// broadcast server measured in the same run as the baseline.
//
//   npm run bench:realtime -- [--sizes 1000,10000] [--messages 5]
//       [--idle-seconds 600] [--idle-n 10000] [--no-redis] [--skip-build]
//       [--out docs/benchmarks.md]
//
// Server on core 0, the client process on core 1; fresh server processes
// for every measurement so the RSS delta per connection is clean. Redis:
// two app nodes sharing REDIS_URL, subscribers on node B, events published
// through node A's HTTP API.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { hasTaskset, idlePercent, busyProcesses, run, startServer } from './lib/proc.mjs'
import { buildApp } from './lib/build.mjs'
import { writeSection } from './lib/report.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    'sizes': { type: 'string', default: '1000,10000' },
    'messages': { type: 'string', default: '5' },
    'idle-seconds': { type: 'string', default: '600' },
    'idle-n': { type: 'string', default: '10000' },
    'no-redis': { type: 'boolean', default: false },
    'redis-url': {
      type: 'string',
      default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    },
    'skip-build': { type: 'boolean', default: false },
    'out': { type: 'string', default: 'docs/benchmarks.md' },
    'render-only': { type: 'boolean', default: false },
  },
})
const SIZES = args.sizes.split(',').map(Number)
const log = (...m) =>
  console.log(`[bench:realtime ${new Date().toISOString().slice(11, 19)}]`, ...m)
const BUILD = join(ROOT, 'tmp/bench-build')
const DB = join(ROOT, 'tmp/bench-realtime.sqlite')
const PORTS = { app: 3540, plain: 3541, appB: 3542 }
const APP = {
  appId: '424242',
  key: 'benchkey',
  secret: 'bench-secret-not-for-production',
  channel: 'private-bench.1',
}
// Raise the open-files limit to the hard limit for every server and client.
const ULIMIT = ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'sh']
const hardLimit = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim())

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error('npm run bench:realtime needs Node 24 (run it through npm).')
  process.exit(1)
}

function appEnv(port, extra = {}) {
  return {
    ...process.env,
    ENV_PATH: ROOT,
    BUILD_DIR: BUILD,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DB_CONNECTION: 'sqlite',
    DATABASE_PATH: DB,
    REVERB_APP_ID: APP.appId,
    REVERB_APP_KEY: APP.key,
    REVERB_APP_SECRET: APP.secret,
    // Thousands of clients from one address: no per-IP cap here.
    REVERB_MAX_CONNECTIONS_PER_IP: '0',
    ...extra,
  }
}

function startApp(name, port, extra) {
  return startServer({
    command: 'sh',
    args: [...ULIMIT, process.execPath, 'bench/servers/app.mjs'],
    cwd: ROOT,
    env: appEnv(port, extra),
    core: 0,
    url: `http://127.0.0.1:${port}/__bench/constant`,
    logFile: join(ROOT, `tmp/bench-rt-${name}.log`),
  })
}
function startPlain() {
  return startServer({
    command: 'sh',
    args: [...ULIMIT, process.execPath, 'bench/servers/ws_plain.mjs'],
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORTS.plain) },
    core: 0,
    url: `http://127.0.0.1:${PORTS.plain}/`,
    logFile: join(ROOT, 'tmp/bench-rt-plain.log'),
  })
}

function clients(options) {
  const json = JSON.stringify({
    ...APP,
    messages: Number(args.messages),
    idleSeconds: 0,
    ...options,
  })
  const argv = [...ULIMIT, process.execPath, 'bench/realtime/clients.mjs', json]
  const [cmd, full] = hasTaskset ? ['taskset', ['-c', '1', 'sh', ...argv]] : ['sh', argv]
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, full, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    child.on('exit', (code) => {
      const m = /REALTIME_JSON (.*)/.exec(out)
      if (code === 0 && m) resolve(JSON.parse(m[1]))
      else reject(new Error(`clients failed (${code}): ${(err || out).slice(-2000)}`))
    })
  })
}

const f1 = (x) => (x === null || x === undefined ? '–' : x.toFixed(1))

async function main() {
  if (args['render-only']) {
    // Re-writes the doc section from the last run's JSON (no measurement).
    const { readFileSync } = await import('node:fs')
    const out = JSON.parse(readFileSync(join(ROOT, 'tmp/bench-realtime-results.json'), 'utf8'))
    writeSection(join(ROOT, args.out), 'realtime', { markdown: markdown(out) })
    return
  }
  const started = Date.now()
  mkdirSync(join(ROOT, 'tmp'), { recursive: true })
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim()
  log(`open-files hard limit ${hardLimit}; taskset ${hasTaskset ? 'yes' : 'NO'}`)
  await buildApp({ root: ROOT, buildDir: BUILD, skip: args['skip-build'], log })
  await run(
    process.execPath,
    ['ace.js', 'migration:run', '--force', '--no-schema-generate', '--compact-output'],
    {
      cwd: BUILD,
      env: appEnv(PORTS.app),
      quiet: true,
    }
  )
  const conditions = { idle: idlePercent(3), busy: busyProcesses(4) }
  log(`CPU idle ${conditions.idle?.toFixed(0)}%`)

  const results = { sizes: {}, redis: null, idle: null }
  for (const n of SIZES) {
    if (n + 100 > hardLimit)
      log(`warning: ${n} sockets need about ${n + 50} fds per process (limit ${hardLimit})`)
    const plain = await startPlain()
    try {
      results.sizes[n] = {
        plain: await clients({
          mode: 'plain',
          ws: `ws://127.0.0.1:${PORTS.plain}/`,
          http: `http://127.0.0.1:${PORTS.plain}`,
          n,
          pid: plain.pid,
        }),
      }
    } finally {
      await plain.stop()
    }
    const p = results.sizes[n].plain
    log(
      `plain ws  N=${n}: p50 ${f1(p.delivery.p50)} ms, p99 ${f1(p.delivery.p99)} ms, ${f1(p.kbPerConnection)} KB/conn`
    )
    const app = await startApp('app', PORTS.app)
    try {
      results.sizes[n].app = await clients({
        mode: 'pusher',
        ws: `ws://127.0.0.1:${PORTS.app}/app/${APP.key}?protocol=7&client=bench&version=1`,
        http: `http://127.0.0.1:${PORTS.app}`,
        n,
        pid: app.pid,
      })
    } finally {
      await app.stop()
    }
    const a = results.sizes[n].app
    log(
      `app       N=${n}: p50 ${f1(a.delivery.p50)} ms, p99 ${f1(a.delivery.p99)} ms, ${f1(a.kbPerConnection)} KB/conn, ${a.missing} missing`
    )
  }

  if (!args['no-redis']) {
    const n = Math.min(...SIZES)
    const redis = { REDIS_URL: args['redis-url'] }
    try {
      const nodeA = await startApp('node-a', PORTS.app, redis)
      const nodeB = await startApp('node-b', PORTS.appB, redis)
      try {
        results.redis = await clients({
          mode: 'pusher',
          ws: `ws://127.0.0.1:${PORTS.appB}/app/${APP.key}?protocol=7&client=bench&version=1`,
          http: `http://127.0.0.1:${PORTS.app}`,
          n,
          pid: nodeB.pid,
        })
        results.redis.n = n
      } finally {
        await nodeA.stop()
        await nodeB.stop()
      }
      log(
        `redis, 2 nodes, N=${n}: p50 ${f1(results.redis.delivery.p50)} ms, p99 ${f1(results.redis.delivery.p99)} ms`
      )
    } catch (error) {
      log(`Redis run failed: ${error.message.split('\n')[0]}`)
      results.redis = { error: error.message.split('\n')[0] }
    }
  }

  const idleSeconds = Number(args['idle-seconds'])
  if (idleSeconds > 0) {
    const n = Number(args['idle-n'])
    const app = await startApp('idle', PORTS.app)
    try {
      log(`S5-idle: ${n} connections, one broadcast per second for ${idleSeconds} s…`)
      results.idle = await clients({
        mode: 'pusher',
        ws: `ws://127.0.0.1:${PORTS.app}/app/${APP.key}?protocol=7&client=bench&version=1`,
        http: `http://127.0.0.1:${PORTS.app}`,
        n,
        pid: app.pid,
        messages: 1,
        idleSeconds,
      })
    } finally {
      await app.stop()
    }
    const i = results.idle.idle
    log(
      `S5-idle: CPU ${f1(i.cpuPercent)}%, ${i.disconnects} disconnects, p95 ${f1(i.delivery.p95)} ms, ${i.missing} missing`
    )
  }

  const out = {
    commit,
    date: new Date().toISOString(),
    minutes: (Date.now() - started) / 60000,
    conditions,
    args,
    results,
  }
  writeFileSync(join(ROOT, 'tmp/bench-realtime-results.json'), JSON.stringify(out, null, 2))
  writeSection(join(ROOT, args.out), 'realtime', { markdown: markdown(out) })
  log(`Done in ${out.minutes.toFixed(1)} min: ${args.out}`)
}

function markdown({ commit, date, minutes, conditions, args: a, results }) {
  const L = []
  const yes = (ok) => (ok === null ? '–' : ok ? '**met**' : '**MISSED**')
  L.push('## Realtime (`npm run bench:realtime`)')
  L.push('')
  L.push(
    `Commit \`${commit}\`, ${date.slice(0, 16).replace('T', ' ')} UTC, ${minutes.toFixed(1)} min. Server on core 0, one client process on core 1 ` +
      `(raw \`ws\` sockets speaking the Pusher protocol: pusher:subscribe to \`${APP.channel}\` with the HMAC signature). ` +
      `Events are published through the app's signed HTTP events API (POST /apps/:id/events); the baseline is a plain \`ws\` server ` +
      `triggered by HTTP that sends one serialised frame to every socket. Latency = publish call → event parsed (data included), per recipient; ` +
      `${a.messages} measured messages after a warm-up one. Memory = server RSS after connecting minus before, per connection. ` +
      `CPU idle before the run: ${conditions.idle?.toFixed(0)}%; busiest processes: ${conditions.busy.slice(0, 3).join(' · ')}.`
  )
  L.push('')
  L.push(
    '| N | server | connect s | delivery p50 ms | p95 ms | p99 ms | last recipient ms (per message) | KB / connection | missing |'
  )
  L.push('|---|---|---|---|---|---|---|---|---|')
  const verdicts = []
  for (const [n, r] of Object.entries(results.sizes)) {
    for (const [name, x] of [
      ['plain ws', r.plain],
      ['Huddle (Pusher protocol)', r.app],
    ]) {
      if (!x) continue
      L.push(
        `| ${Number(n).toLocaleString('en-US')} | ${name} | ${(x.connectMs / 1000).toFixed(2)} | ${f1(x.delivery.p50)} | ${f1(x.delivery.p95)} | ${f1(x.delivery.p99)} | ${x.lastRecipientMs.map(f1).join(', ')} | ${f1(x.kbPerConnection)} | ${x.missing} |`
      )
    }
    const x = r.app
    if (!x) continue
    if (r.plain) {
      const ratio = x.delivery.p50 / r.plain.delivery.p50
      verdicts.push(
        `| S5 | N=${Number(n).toLocaleString('en-US')} relative to plain ws in the same run (the plan's 350 ms is 2× plain ws): p50 ${ratio.toFixed(2)}× plain ws (${f1(x.delivery.p50)} vs ${f1(r.plain.delivery.p50)} ms) | ${ratio <= 2 ? '**met** (relative)' : '**MISSED** (relative)'} |`
      )
    }
    if (Number(n) === 1000) {
      verdicts.push(
        `| S5 | N=1k: p50 ≤ 50 ms (${f1(x.delivery.p50)}), p99 ≤ 100 ms (${f1(x.delivery.p99)}) | ${yes(x.delivery.p50 <= 50 && x.delivery.p99 <= 100 && x.missing === 0)} |`
      )
    }
    if (Number(n) === 10000) {
      verdicts.push(
        `| S5 | N=10k: p50 ≤ 350 ms (${f1(x.delivery.p50)}; plain ws ${f1(r.plain?.delivery.p50)}), p99 ≤ 600 ms (${f1(x.delivery.p99)}) | ${yes(x.delivery.p50 <= 350 && x.delivery.p99 <= 600 && x.missing === 0)} |`
      )
    }
    verdicts.push(
      `| S5 | ≤ 20 KB server RSS per connection at N=${Number(n).toLocaleString('en-US')}: ${f1(x.kbPerConnection)} KB (plain ws ${f1(r.plain?.kbPerConnection)}) | ${yes(x.kbPerConnection <= 20)} |`
    )
  }
  L.push('')
  if (results.redis && !results.redis.error) {
    const r = results.redis
    const single = results.sizes[r.n]?.app
    const added = single ? r.delivery.p50 - single.delivery.p50 : null
    L.push(
      `Redis (REDIS_URL, two app nodes, subscribers on node B, published on node A), N=${r.n.toLocaleString('en-US')}: p50 ${f1(r.delivery.p50)} ms, p95 ${f1(r.delivery.p95)} ms, p99 ${f1(r.delivery.p99)} ms, ` +
        `${r.missing} missing; single node in the same run: p50 ${f1(single?.delivery.p50)} ms → Redis adds ${f1(added)} ms at p50.`
    )
    L.push('')
    verdicts.push(
      `| S5 | Redis pub/sub adds ≤ 20 ms p50 at N=1k: ${f1(added)} ms | ${yes(added === null ? null : added <= 20 && r.missing === 0)} |`
    )
  } else if (results.redis?.error) {
    L.push(`Redis run failed: ${results.redis.error}`)
    L.push('')
  }
  if (results.idle) {
    const i = results.idle.idle
    const full = i.seconds >= 600
    L.push(
      `S5-idle: ${results.idle.n.toLocaleString('en-US')} connections, one broadcast per second for ${i.seconds.toFixed(0)} s (${i.broadcasts} broadcasts)` +
        `${full ? '' : ` — **shorter than the 10 minutes of the plan** (\`--idle-seconds ${a['idle-seconds']}\`)`}: server CPU ${f1(i.cpuPercent)}% of a core, ` +
        `${i.disconnects} disconnects, delivery p50 ${f1(i.delivery.p50)} / p95 ${f1(i.delivery.p95)} / p99 ${f1(i.delivery.p99)} ms, ${i.missing} deliveries missing, ` +
        `RSS ${(results.idle.rssAfterKb / 1024).toFixed(0)} MB after connecting → ${(i.rssEndKb / 1024).toFixed(0)} MB at the end.`
    )
    L.push('')
    verdicts.push(
      `| S5-idle | CPU ≤ 25% (${f1(i.cpuPercent)}%), 0 disconnects (${i.disconnects}), p95 ≤ 250 ms (${f1(i.delivery.p95)})${full ? '' : `, over ${i.seconds.toFixed(0)} s only`} | ${yes(i.cpuPercent <= 25 && i.disconnects === 0 && i.delivery.p95 <= 250)} |`
    )
  }
  L.push('| # | goal: measured | must |')
  L.push('|---|---|---|')
  L.push(...verdicts)
  return L.join('\n')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
