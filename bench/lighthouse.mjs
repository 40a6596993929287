// `npm run bench:lighthouse`: Lighthouse (mobile: Moto G Power emulation,
// simulated slow 4G and 4× CPU, its defaults) on the production build, for
// the sign-in page and for Home signed in (issue 18 §4: ≥ 95 for
// performance, accessibility and best practices on both).
//
// The app runs exactly as `npm start` serves it (scripts/start.mjs: the
// production build, rebuilt when the sources changed, migrations, the demo
// seed) from a throw-away folder on a free port; Home is audited as cara
// (the demo seed's member), with her session cookie. Each page is audited
// --runs times and the median of each category is reported; the JSON
// reports are kept in tmp/lighthouse/.
//
//   npm run bench:lighthouse [-- --runs 3] [--json]
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
//
// The performance score depends on the machine: on a loaded one the
// simulated CPU throttling multiplies the host's own slowness. Compare runs
// on a quiet machine only.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { freePort } from '../scripts/lib/free_port.mjs'
import { Agent } from './lib/http.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(args.runs))
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PASSWORD = 'huddle-demo'
const START_TIMEOUT = 900_000
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]
const log = (...m) => console.error(`[lighthouse ${new Date().toISOString().slice(11, 19)}]`, ...m)

const folder = mkdtempSync(join(tmpdir(), 'huddle-lighthouse-'))
const port = await freePort()
const origin = `http://localhost:${port}`
let server = null
let output = ''

function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {}
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopServer()
    process.exit(130)
  })
}
process.on('exit', () => {
  stopServer()
  rmSync(folder, { recursive: true, force: true })
})

/** `npm start` in a throw-away folder (as scripts/e2e_start.mjs does). */
function startServer() {
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? folder,
      LANG: process.env.LANG ?? 'C.UTF-8',
      ENV_PATH: folder,
      PORT: String(port),
      APP_URL: origin,
      DATABASE_PATH: join(folder, 'huddle.sqlite'),
      MEDIA_ROOT: join(folder, 'media'),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not running after ${START_TIMEOUT / 1000} s:\n${output}`)),
      START_TIMEOUT
    )
    const poll = setInterval(() => {
      if (output.includes('Huddle is running at')) {
        clearTimeout(timer)
        clearInterval(poll)
        resolve()
      }
    }, 100)
    server.once('exit', (code, signal) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`npm start exited (${signal ?? `code ${code}`}):\n${output}`))
    })
  })
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

log(`Starting the production build on ${origin} (npm start; builds first if needed)…`)
await startServer()
const cara = await new Agent(origin).login('cara@huddle.test', PASSWORD)

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
const reports = join(ROOT, 'tmp/lighthouse')
mkdirSync(reports, { recursive: true })

const pages = [
  { name: 'Login', url: `${origin}/login`, headers: {} },
  { name: 'Home (signed in)', url: `${origin}/`, headers: { Cookie: cara.cookieHeader } },
]
const results = []
try {
  for (const page of pages) {
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders: page.headers,
        // Each run starts cold, as a first visit does (no HTTP cache, no service worker).
        disableStorageReset: false,
      })
      const lhr = result.lhr
      if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`)
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
        throw new Error(`${page.name}: ended on ${lhr.finalDisplayedUrl} (signed out?)`)
      }
      const slug = page.name.split(' ')[0].toLowerCase()
      writeFileSync(join(reports, `${slug}-${i + 1}.json`), result.report)
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])
      )
      const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue]))
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id)
      runs.push({ scores, metrics, failing })
      log(`${page.name} run ${i + 1}: ${JSON.stringify(scores)}`)
    }
    results.push({
      page: page.name,
      runs: runs.length,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
      metrics: Object.fromEntries(METRICS.map((m) => [m, median(runs.map((r) => r.metrics[m]))])),
      failing: [...new Set(runs.flatMap((r) => r.failing))],
    })
  }
} finally {
  await chrome.kill()
  stopServer()
}

if (args.json) {
  console.log(JSON.stringify(results, null, 2))
} else {
  console.log(
    '| Page | Performance | Accessibility | Best practices | SEO | FCP s | LCP s | TBT ms | CLS | Speed index s |'
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    const m = r.metrics
    console.log(
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${(m['first-contentful-paint'] / 1000).toFixed(1)} | ${(m['largest-contentful-paint'] / 1000).toFixed(1)} | ${Math.round(m['total-blocking-time'])} | ${m['cumulative-layout-shift'].toFixed(3)} | ${(m['speed-index'] / 1000).toFixed(1)} |`
    )
  }
  for (const r of results) {
    if (r.failing.length) console.log(`\n${r.page}, audits under 0.9: ${r.failing.join(', ')}`)
  }
  console.log(`\nMedian of ${RUNS} run(s) per page; reports in tmp/lighthouse/.`)
}
