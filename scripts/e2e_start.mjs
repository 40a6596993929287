// `npm run test:e2e-start`: the app exactly as a newcomer's `npm start`
// serves it (scripts/start.mjs: the production build, NODE_ENV from a .env
// created from .env.example, migrations, the demo seed, the built server),
// driven by a real Chromium: cara signs in, her realtime socket connects,
// and when ana likes cara's new post the bell's count goes up live.
//
// Throw-away: the .env lives in a temporary folder (ENV_PATH), with a fresh
// SQLite file and media folder there and a free port; the developer's own
// .env and database are not touched. The server is always stopped. Ends with
// one plain line `N passed, N failed` (what .ci/run adds up).
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_KEEP=1 keeps
// the temporary folder.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { freePort } from './lib/free_port.mjs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const PASSWORD = 'huddle-demo'
const SCREENSHOTS = join(ROOT, 'tests/screenshots')
/** The server's start, a build included when the sources changed (about a minute). */
const START_TIMEOUT = 240_000
const STEP_TIMEOUT = 20_000

const folder = mkdtempSync(join(tmpdir(), 'huddle-e2e-start-'))
const port = await freePort()
const origin = `http://localhost:${port}`

let server = null
let output = ''
let browser = null

/** Stops `npm start` and everything it started (its own process group). */
function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {}
}

async function cleanUp() {
  await browser?.close().catch(() => {})
  stopServer()
  if (server && server.exitCode === null && server.signalCode === null) {
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid, 'SIGKILL')
        } catch {}
        resolve()
      }, 5000)
      server.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  if (process.env.E2E_KEEP === '1') console.log(`Kept ${folder}`)
  else rmSync(folder, { recursive: true, force: true })
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopServer()
    process.exit(130)
  })
}
process.on('exit', stopServer)

/** `npm start` with only what a newcomer's shell has, plus where to keep its files. */
function startServer() {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? folder,
    LANG: process.env.LANG ?? 'C.UTF-8',
    // The .env that start.mjs creates from .env.example goes here.
    ENV_PATH: folder,
    // A throw-away instance on a free port (process variables win over .env).
    PORT: String(port),
    APP_URL: origin,
    DATABASE_PATH: join(folder, 'huddle.sqlite'),
    MEDIA_ROOT: join(folder, 'media'),
  }
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not running after ${START_TIMEOUT / 1000} s`)),
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
      reject(new Error(`npm start exited (${signal ?? `code ${code}`})`))
    })
  })
}

const results = []
let broken = false
/** One named check; after a failure the rest cannot run and count as failed. */
async function check(title, body) {
  if (broken) {
    results.push({ title, ok: false })
    console.log(`  ✖ ${title} (not run: an earlier step failed)`)
    return
  }
  const started = Date.now()
  try {
    await body()
    results.push({ title, ok: true })
    console.log(`  ✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  } catch (error) {
    broken = true
    results.push({ title, ok: false })
    console.log(
      `  ✖ ${title}\n    ${String(error?.message ?? error)
        .split('\n')
        .join('\n    ')}`
    )
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message)
}

async function signIn(context, email) {
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT)
  await page.goto(`${origin}/login`)
  await page.locator('input[name="uid"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  return page
}

/** A same-origin request from the page, with the CSRF header the app's own fetches send. */
function pageRequest(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)?.[1]
      const response = await fetch(path, {
        method,
        headers: {
          'Accept': 'application/json',
          'Content-Type': 'application/json',
          ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      const text = await response.text()
      let json = null
      try {
        json = JSON.parse(text)
      } catch {}
      return { status: response.status, url: response.url, json }
    },
    { method, path, body }
  )
}

/** The bell's count as the page shows it (its accessible name says it). */
async function bellCount(page) {
  const label = await page.getByTestId('notification-bell').getAttribute('aria-label')
  const match = label?.match(/(\d+) unread/)
  return match ? Number(match[1]) : 0
}

const started = Date.now()
console.log(`npm start end-to-end: ${origin} (temporary files in ${folder})`)
try {
  await check('`npm start` builds, migrates, seeds and serves the app', async () => {
    await startServer()
  })

  let cara, ana, sockets
  await check('cara signs in and lands on Home', async () => {
    browser = await chromium.launch({
      headless: true,
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    })
    const options = { locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } }
    const caraContext = await browser.newContext(options)
    sockets = []
    caraContext.on('page', (page) => page.on('websocket', (ws) => sockets.push(ws.url())))
    cara = await signIn(caraContext, 'cara@huddle.test')
    await cara.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    ana = await signIn(await browser.newContext(options), 'ana@huddle.test')
  })

  await check('her realtime socket connects to the page origin', async () => {
    await cara
      .waitForFunction(() => window.Echo?.connector.pusher.connection.state === 'connected', null, {
        timeout: STEP_TIMEOUT,
      })
      .catch(() => {
        throw new Error(`never connected; sockets opened: ${sockets.join(', ') || 'none'}`)
      })
    assert(
      sockets.some((url) => url.startsWith(`ws://localhost:${port}/app/`)),
      `expected ws://localhost:${port}/app/…, got ${sockets.join(', ')}`
    )
  })

  let before
  await check('the bell counts what the notifications list holds', async () => {
    before = await bellCount(cara)
    const latest = await pageRequest(cara, 'GET', '/notifications/latest')
    assert(latest.status === 200, `/notifications/latest answered ${latest.status}`)
    assert(
      latest.json.unreadCount === before,
      `the bell says ${before}, the notifications say ${latest.json.unreadCount}`
    )
  })

  await check("ana likes cara's new post: the bell goes up live, without a reload", async () => {
    const created = await pageRequest(cara, 'POST', '/posts', {
      body: '<p>Checking that the bell is live (npm start end-to-end test).</p>',
      audience: 'team',
    })
    const id = created.url.match(/\/posts\/(\d+)$/)?.[1]
    assert(id, `creating the post answered ${created.status} at ${created.url}`)
    const navigations = []
    cara.on(
      'framenavigated',
      (frame) => frame === cara.mainFrame() && navigations.push(frame.url())
    )
    const like = await pageRequest(ana, 'POST', `/posts/${id}/like`, { liked: true })
    assert(like.status === 200, `the like answered ${like.status}`)
    await cara
      .waitForFunction(
        (expected) =>
          document
            .querySelector('[data-testid="notification-bell"]')
            ?.getAttribute('aria-label') === `Notifications, ${expected} unread`,
        before + 1,
        { timeout: STEP_TIMEOUT }
      )
      .catch(async () => {
        throw new Error(`the bell still says ${await bellCount(cara)} (expected ${before + 1})`)
      })
    assert(navigations.length === 0, `the page reloaded: ${navigations.join(', ')}`)
    mkdirSync(SCREENSHOTS, { recursive: true })
    await cara.screenshot({ path: join(SCREENSHOTS, 'e2e-start-bell-live.png') })
    await cara.setViewportSize({ width: 390, height: 844 })
    await cara.screenshot({ path: join(SCREENSHOTS, 'e2e-start-bell-live-phone.png') })
  })
} finally {
  if (broken && output) {
    console.log('\n--- npm start output (last 40 lines) ---')
    console.log(output.trimEnd().split('\n').slice(-40).join('\n'))
    console.log('---')
  }
  await cleanUp()
}

const passed = results.filter((result) => result.ok).length
const failed = results.length - passed
console.log(`\nDone in ${Math.round((Date.now() - started) / 1000)} s`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
