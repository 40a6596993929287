import { existsSync, mkdirSync } from 'node:fs'
import { chromium, type Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import type { Suite } from '@japa/runner/core'
import { browserClient } from '@japa/browser-client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'

/**
 * Browser suite wiring: a real Chromium (Debian's, no Playwright download)
 * driven by @japa/browser-client. The page assets come from the Vite dev
 * server that @adonisjs/vite runs in-process in the test environment, so the
 * suite needs no production build.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/**
 * Flags that keep Chromium quiet on a machine without internet access
 * (no background connections, no update checks) and runnable as root.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const SCREENSHOTS_DIR = app.makePath('tests/screenshots')

export function browserPlugins(): NonNullable<Config['plugins']> {
  return [
    browserClient({
      runInSuites: ['browser'],
      contextOptions: {
        locale: 'en-US',
        timezoneId: 'UTC',
        viewport: { width: 1280, height: 900 },
      },
      assertions: { timeout: 10_000 },
      launcher: (options) =>
        chromium.launch({
          ...options,
          headless: true,
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        }),
    }),
    sessionBrowserClient(app),
    authBrowserClient(app),
  ]
}

export function browserSetup(suite: Suite) {
  suite.setup(() => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `The browser suite needs Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
          'or set CHROMIUM_PATH (`npm test` skips this suite when Chromium is missing).'
      )
    }
    mkdirSync(SCREENSHOTS_DIR, { recursive: true })
  })
  // A failed test leaves a screenshot of each of its pages behind.
  suite.onGroup((group) => {
    group.each.setup((test) => async (hasError: boolean) => {
      if (!hasError) return
      const pages = test.context?.browserContext?.pages() ?? []
      const name = test.title
        .replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase()
        .slice(0, 80)
      for (const [index, page] of pages.entries()) {
        await screenshot(page, `FAILED-${name}-${index}`).catch(() => {})
      }
    })
  })
}

/** Saves a full-page screenshot as tests/screenshots/<name>.png (gitignored). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage: true })
}

/**
 * Fails the test on any uncaught error in the page or a CSP violation, so a
 * flow that "works" with a broken console does not pass.
 */
export function watchPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      errors.push(`console: ${message.text()}`)
    }
  })
  return errors
}

/**
 * Waits until the page's realtime client is live: connected, and every
 * channel the page asked for confirmed by the server (a private channel's
 * subscription waits for /broadcasting/auth). An event sent before that
 * would be lost, and a test that sends one would fail now and then.
 */
export async function waitUntilLive(page: Page) {
  await page.waitForFunction(
    () => {
      const echo = (globalThis as any).Echo
      const pusher = echo?.connector?.pusher
      if (!echo?.socketId?.() || !pusher) return false
      const channels = pusher.allChannels()
      return channels.length > 0 && channels.every((channel: any) => channel.subscribed)
    },
    undefined,
    { timeout: 15_000 }
  )
}

/**
 * Opens the newest dev-outbox mail whose subject contains `subject` (mail
 * is sent in the background, so it polls for a few seconds) and returns
 * the first link in it matching `link`, as a path on the test server.
 */
export async function linkFromOutbox(page: Page, subject: string, link: RegExp) {
  const deadline = Date.now() + 10_000
  for (;;) {
    await page.goto('/dev/outbox')
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor()
    const mail = page.getByRole('link').filter({ hasText: subject }).first()
    if (await mail.count()) {
      await mail.click()
      break
    }
    if (Date.now() > deadline) throw new Error(`No mail with "${subject}" in the dev outbox`)
    await page.waitForTimeout(300)
  }
  await page.getByRole('heading', { name: 'Links in this mail' }).waitFor()
  const anchors = await page
    .getByRole('region', { name: 'Links in this mail' })
    .getByRole('link')
    .all()
  const hrefs = await Promise.all(
    anchors.map(async (anchor) => (await anchor.getAttribute('href')) ?? '')
  )
  const href = hrefs.find((candidate) => link.test(candidate))
  if (!href) throw new Error(`No link matching ${link} in the mail (links: ${hrefs.join(', ')})`)
  // Mails link to APP_URL; the test server may run elsewhere, so keep the path only.
  const url = new URL(href)
  return `${url.pathname}${url.search}`
}

/** Signs in through the real form. */
export async function signIn(page: Page, uid: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail or username').fill(uid)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

/** Signs out through the account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
}

/** A serious or critical axe-core finding, summed up for a test failure. */
export interface AccessibilityProblem {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/**
 * Runs axe-core (the npm package, injected through the DevTools protocol,
 * which the page's CSP does not apply to) on the page as it is, and returns
 * the serious and critical violations. Two rules axe leaves off by default
 * are on: a control's accessible name must contain its visible label, and
 * touch targets must be at least 24 px or spaced (WCAG 2.2).
 */
export async function accessibilityProblems(page: Page): Promise<AccessibilityProblem[]> {
  const { default: axe } = await import('axe-core')
  await page.evaluate(axe.source)
  const results = await page.evaluate(() =>
    (globalThis as any).axe.run((globalThis as any).document, {
      resultTypes: ['violations'],
      rules: {
        'label-content-name-mismatch': { enabled: true },
        'target-size': { enabled: true },
      },
    })
  )
  return (results.violations as any[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node: any) => node.target.join(' ')).slice(0, 5),
    }))
}
