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
// the temporary folder, E2E_START_TIMEOUT_MS (default 480000: a
// cold build on a busy 2-core machine takes minutes).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { freePort } from './lib/free_port.mjs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { DatabaseSync } from 'node:sqlite'

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
const START_TIMEOUT = Number(process.env.E2E_START_TIMEOUT_MS) || 480_000
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
/** What the pages said (errors, console errors), printed when a check fails. */
const pageLog = []
const watched = new Map()
function watch(page, who) {
  watched.set(who, page)
  page.on('pageerror', (error) => pageLog.push(`${who} page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') pageLog.push(`${who} console: ${message.text()}`)
    else if (message.text().startsWith('[inertia] ')) pageLog.push(`${who} ${message.text()}`)
  })
  // Inertia's visits, as its document events tell them: what a failed
  // step's log needs to say which visit started, was cancelled or failed.
  void page.addInitScript(() => {
    const names = ['start', 'cancel', 'finish', 'networkError', 'exception', 'invalid', 'success']
    for (const name of names) {
      document.addEventListener(`inertia:${name}`, (event) => {
        const visit = event.detail?.visit
        const url = visit?.url ? new URL(visit.url).pathname : (event.detail?.page?.url ?? '')
        const only = visit?.only?.length ? ` only=${visit.only.join(',')}` : ''
        const flags = visit
          ? `${visit.async ? ' async' : ''}${visit.prefetch ? ' prefetch' : ''}`
          : ''
        console.debug(`[inertia] ${name} ${url}${only}${flags} online=${navigator.onLine}`)
      })
    }
  })
  page.on('requestfailed', (request) =>
    pageLog.push(`${who} request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`)
  )
}
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
    if (pageLog.length)
      console.log(`    the pages said (last 40):\n      ${pageLog.slice(-40).join('\n      ')}`)
    mkdirSync(SCREENSHOTS, { recursive: true })
    for (const [who, page] of watched) {
      if (page.isClosed()) continue
      const path = join(SCREENSHOTS, `e2e-start-failed-${who}.png`)
      await page.screenshot({ path }).then(
        () => console.log(`    ${who} at ${page.url()}, screenshot: ${path}`),
        () => {}
      )
    }
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message)
}

/**
 * Waits until the page on screen (PATH) has its offline copy, saved since
 * SINCE (epoch ms), and the <head> saved after it (lib/offline.ts puts the
 * copy, then the head: the head names this page's title).
 */
async function copyKept(page, path, since) {
  await page.waitForFunction(
    async ({ path, since }) => {
      const names = (await caches.keys()).filter((name) => name.startsWith('huddle-pages-'))
      if (names.length !== 1) return false
      const cache = await caches.open(names[0])
      const copy = await cache.match(`/__offline/page${path}`)
      const head = await cache.match('/__offline/head')
      if (!copy || !head) return false
      const { savedAt } = await copy.json()
      return savedAt >= since && (await head.text()).includes(`<title>${document.title}</title>`)
    },
    { path, since },
    { timeout: STEP_TIMEOUT }
  )
}

async function signIn(context, email) {
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT)
  watch(page, email.split('@')[0])
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

  await check(
    'the build holds every server module (none lost to the inertia/ project)',
    async () => {
      // A server file that the inertia/ TS project also compiles is not
      // emitted by the root build; the server then fails only when it first
      // imports it (a lazily loaded controller): docs/architecture.md.
      const missing = []
      for (const folder of ['app', 'start', 'config', 'database', 'providers', 'commands']) {
        for (const file of readdirSync(join(ROOT, folder), { recursive: true })) {
          if (!/\.ts$/.test(file) || /\.d\.ts$/.test(file)) continue
          const built = join(ROOT, 'build', folder, file.replace(/\.ts$/, '.js'))
          if (!existsSync(built)) missing.push(`${folder}/${file}`)
        }
      }
      assert(missing.length === 0, `not in build/: ${missing.join(', ')}`)
    }
  )

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
    // What her service worker says (an error it logs), in a failed step's log.
    caraContext.on('serviceworker', (worker) =>
      worker.on('console', (message) => pageLog.push(`cara's worker: ${message.text()}`))
    )
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

  // The installable app (issue 15 §1), in the production build only.
  await check('the service worker is active and Chromium finds the app installable', async () => {
    await cara.setViewportSize({ width: 1280, height: 900 })
    await cara.goto(`${origin}/`)
    const scope = await cara.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return registration.scope
    })
    assert(scope === `${origin}/`, `service worker scope ${scope}`)
    const manifest = await pageRequest(cara, 'GET', '/manifest.webmanifest')
    assert(manifest.status === 200, `the manifest answered ${manifest.status}`)
    const icons = manifest.json.icons ?? []
    assert(
      icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable'),
      `no maskable 512 icon: ${JSON.stringify(icons)}`
    )
    for (const icon of icons) {
      const answer = await cara.request.get(`${origin}${icon.src}`)
      assert(answer.ok(), `icon ${icon.src} answered ${answer.status()}`)
    }
    const cdp = await cara.context().newCDPSession(cara)
    // Chromium's own install criteria (what Lighthouse's "installable" reads).
    // Playwright's contexts are incognito, which Chromium never installs
    // from: that one error is about the test's browser, not the app.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    const errors = installabilityErrors.filter((error) => error.errorId !== 'in-incognito')
    assert(errors.length === 0, `installability errors: ${JSON.stringify(errors)}`)
    const precached = await cara.evaluate(async () => {
      const names = await caches.keys()
      let count = 0
      for (const name of names) count += (await (await caches.open(name)).keys()).length
      return { names, count }
    })
    assert(precached.count > 10, `precache holds ${precached.count} entries`)
    console.log(`    caches ${precached.names.join(', ')}: ${precached.count} entries`)
  })

  await check('offline, a page shows the offline page; back online, the app', async () => {
    await cara.context().setOffline(true)
    try {
      await cara.goto(`${origin}/notifications`)
      await cara.getByRole('heading', { name: 'You are offline' }).waitFor()
      mkdirSync(SCREENSHOTS, { recursive: true })
      await cara.screenshot({ path: join(SCREENSHOTS, 'e2e-start-offline.png') })
    } finally {
      await cara.context().setOffline(false)
    }
    await cara.goto(`${origin}/notifications`)
    await cara.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
  })

  // Offline reading (issue 15 §1): copies of the pages she saw, marked as such.
  await check(
    'offline, the feed and notifications she saw are shown, marked as copies',
    async () => {
      // Each page's copy (and the <head> saved with it) is kept once the
      // page has loaded: the test leaves a page only once both are written.
      // (A page that wrote them itself lost the copy when a full load tore
      // it down mid-write, which made this step flaky; the service worker
      // writes them now: lib/offline_copies.ts.)
      const since = Date.now()
      await cara.goto(`${origin}/notifications`)
      await cara
        .getByRole('heading', { name: 'Notifications', level: 1 })
        .waitFor({ timeout: START_TIMEOUT })
      await copyKept(cara, '/notifications', since)
      await cara.goto(`${origin}/`)
      await cara
        .getByRole('heading', { name: 'Home', level: 1 })
        .waitFor({ timeout: START_TIMEOUT })
      await copyKept(cara, '/', since)
      await cara.context().setOffline(true)
      try {
        // A full load: the service worker boots the app on the copy.
        await cara.goto(`${origin}/`)
        const banner = cara.getByTestId('offline-copy')
        await banner.waitFor()
        assert(
          /You’re offline — showing what you saw at \d/.test(await banner.innerText()),
          `banner: ${await banner.innerText()}`
        )
        await cara.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
        mkdirSync(SCREENSHOTS, { recursive: true })
        await cara.screenshot({ path: join(SCREENSHOTS, 'e2e-start-offline-feed.png') })
        // Inside the app: the notifications copy, still marked.
        await cara.locator('nav a[href="/notifications"]').first().click()
        await cara.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
        await banner.waitFor()
      } finally {
        await cara.context().setOffline(false)
      }
      // Back online: the page itself, no banner.
      await cara.getByTestId('offline-copy').waitFor({ state: 'detached', timeout: STEP_TIMEOUT })
    }
  )

  await check('a post written offline waits in the outbox and goes once, back online', async () => {
    const marker = `Written on the train ${Date.now()}`
    await cara.goto(`${origin}/posts/new`)
    const editor = cara.getByRole('textbox', { name: 'Your post' })
    await editor.waitFor()
    await cara.context().setOffline(true)
    try {
      await editor.click()
      await cara.keyboard.type(marker)
      await cara.getByRole('button', { name: 'Post', exact: true }).click()
      await cara.getByTestId('outbox-status').getByText('1 waiting to send').waitFor()
      // The note opens the list of what waits.
      await cara.getByTestId('outbox-status').click()
      await cara.getByTestId('outbox-list').getByText('Your post').waitFor()
      await cara.screenshot({ path: join(SCREENSHOTS, 'e2e-start-outbox.png') })
    } finally {
      await cara.context().setOffline(false)
    }
    await cara.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: STEP_TIMEOUT })
    const database = new DatabaseSync(join(folder, 'huddle.sqlite'), { readOnly: true })
    try {
      const row = database
        .prepare('SELECT count(*) AS total FROM posts WHERE body_text LIKE ?')
        .get(`%${marker}%`)
      assert(row.total === 1, `${row.total} posts with the text written offline`)
    } finally {
      database.close()
    }
  })

  await check('signing out forgets the offline copies, drafts and outbox', async () => {
    await cara.goto(`${origin}/`)
    await cara.getByTestId('user-menu').click()
    await cara.getByRole('menuitem', { name: 'Sign out' }).click()
    // Signing out lands on the sign-in page (not a URL check: she is on / already).
    await cara.locator('input[name="password"]').waitFor()
    assert(new URL(cara.url()).pathname === '/login', `signed out at ${cara.url()}`)
    const left = await cara.evaluate(async () => ({
      caches: (await caches.keys()).filter((name) => !name.includes('precache')),
      storage: Object.keys(localStorage).filter((key) =>
        /^huddle-(draft|outbox|pwa-user)/.test(key)
      ),
    }))
    assert(left.caches.length === 0, `caches left: ${left.caches.join(', ')}`)
    assert(left.storage.length === 0, `storage left: ${left.storage.join(', ')}`)
    cara = await signIn(cara.context(), 'cara@huddle.test')
  })

  await check('profile settings show push notifications and the devices list', async () => {
    await cara.goto(`${origin}/profile`)
    const section = cara.getByTestId('push-settings')
    await section.getByText('Devices getting push').waitFor()
    await section.getByRole('button', { name: /push on this browser/ }).waitFor()
    await section.scrollIntoViewIfNeeded()
    await cara.screenshot({
      path: join(SCREENSHOTS, 'e2e-start-push-settings.png'),
      fullPage: true,
    })
  })

  await check(
    'the notification settings page: kinds × channels, quiet hours, light and dark',
    async () => {
      await cara.goto(`${origin}/profile/notifications`)
      await cara.getByRole('heading', { name: 'Notification settings' }).waitFor()
      const grid = cara.getByTestId('notification-grid')
      await grid.waitFor()
      const rows = await grid.locator('tbody tr').count()
      assert(rows >= 7, `${rows} kinds in the grid`)
      await cara.getByText('Quiet hours').first().waitFor()
      await cara.screenshot({
        path: join(SCREENSHOTS, 'e2e-start-notification-settings.png'),
        fullPage: true,
      })
      await cara.evaluate(() => localStorage.setItem('huddle-theme', 'dark'))
      await cara.reload()
      await grid.waitFor()
      await cara.screenshot({
        path: join(SCREENSHOTS, 'e2e-start-notification-settings-dark.png'),
        fullPage: true,
      })
      await cara.evaluate(() => localStorage.setItem('huddle-theme', 'light'))
    }
  )
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
