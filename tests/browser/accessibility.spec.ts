import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { BrowserContext, Page } from 'playwright'
import Report from '#models/report'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import SendMessage from '#actions/messages/send_message'
import { forgetTeamPanel } from '#services/team_panel'
import { accessibilityProblems, screenshot } from '#tests/helpers/browser'
import { comment, like, makePost } from '#tests/functional/feeds/fixtures'

// Runs inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const document: any

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }
type Theme = 'light' | 'dark'

/** The demo-like team every walk reads: a few people, posts, a conversation. */
async function seedTeam() {
  const member = await UserFactory.merge({ fullName: 'Mia Member', username: 'mia' }).create()
  const max = await UserFactory.merge({ fullName: 'Max Mustermann', username: 'max' }).create()
  const admin = await UserFactory.apply('admin')
    .merge({ fullName: 'Ada Admin', username: 'ada' })
    .create()
  const external = await UserFactory.apply('external')
    .merge({ fullName: 'Eve External', username: 'eve' })
    .create()
  await UserFactory.apply('pending').merge({ fullName: 'Pat Pending', username: 'pat' }).create()
  const teamPost = await makePost(max, { body: 'Team lunch on Friday' })
  const publicPost = await makePost(max, { body: 'Open day next week', audience: 'public' })
  const own = await makePost(member, { body: 'My first post' })
  // Moderation (issue 19 §2): a post waiting for review and a reported one.
  await makePost(member, {
    body: 'Please approve my open-day post',
    audience: 'public',
    status: 'pending',
  })
  await new Report()
    .fill({
      reporterId: member.id,
      subjectType: 'post',
      subjectId: publicPost.id,
      reason: 'spam',
      details: 'Looks like an advert',
      status: 'pending',
      notes: null,
    })
    .save()
  await comment(max, own, 'Welcome aboard')
  await comment(member, teamPost, 'Count me in')
  await like(member, teamPost)
  await like(max, own)
  for (const [sender, recipient, body] of [
    [max, member, 'Hi Mia, got a minute?'],
    [member, max, 'Sure, what is up?'],
    [max, external, 'Hello Eve, welcome to the open day.'],
  ] as const) {
    await new SendMessage().handle({ sender, recipient, body, files: [] })
  }
  return { member, max, admin, external, teamPost, publicPost, own }
}

type Team = Awaited<ReturnType<typeof seedTeam>>

/** Every main page of each role (the pages the navigation and the content link to). */
function pagesFor(role: 'guest' | 'member' | 'external' | 'admin', team: Team) {
  const common = ['/messages', '/notifications', '/top', '/my/posts', '/my/likes', '/profile']
  switch (role) {
    case 'guest':
      return ['/', '/login', '/register', '/forgot-password']
    case 'member':
      return [
        '/',
        '/public',
        ...common,
        '/photos',
        '/videos',
        '/messages/max',
        '/search',
        '/search?q=lunch',
        '/u/max',
        `/posts/${team.teamPost.id}`,
        '/posts/new',
        `/posts/${team.own.id}/edit`,
        '/profile/cover',
      ]
    case 'external':
      return [
        '/public',
        ...common,
        '/messages/max',
        '/search?q=open',
        '/u/max',
        `/posts/${team.publicPost.id}`,
      ]
    case 'admin':
      return [
        '/admin',
        '/admin/externals',
        '/admin/posts',
        '/admin/posts/new',
        `/admin/posts/${team.teamPost.id}`,
        '/admin/moderation',
        '/admin/moderation/posts',
        '/admin/reports',
        `/admin/reports/post/${team.publicPost.id}`,
        '/admin/settings',
        '/admin/audit',
        '/admin/jobs',
        '/admin/users',
        '/admin/admins',
        `/admin/users/${team.max.id}`,
        `/admin/users/${team.max.id}/edit`,
        `/admin/admins/${team.admin.id}/edit`,
        '/admin/photos',
        '/',
        '/notifications',
      ]
  }
}

/** The title in the server's first answer, as the browser reads it. */
function serverTitle(html: string) {
  const raw = /<title data-inertia>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  return raw
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/**
 * Opens each page in the theme and size given, waits for it to settle, and
 * lists its serious / critical axe findings and a server title that differs
 * from the one the page sets.
 */
async function walk(
  context: BrowserContext,
  urls: string[],
  { theme, size, label }: { theme: Theme; size: typeof DESKTOP; label: string }
) {
  const page: Page = await context.newPage()
  await page.emulateMedia({ colorScheme: theme })
  await page.setViewportSize(size)
  const problems: string[] = []
  for (const url of urls) {
    const response = await page.goto(url)
    const html = (await response?.text()) ?? ''
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // Let lazy parts (avatars, the team panel, tooltips' portals) settle.
    await page.waitForTimeout(150)
    const where = `${label} ${theme} ${size.width}px ${url}`
    const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
    if (isDark !== (theme === 'dark')) problems.push(`${where}: not in the ${theme} theme`)
    const expected = serverTitle(html)
    const actual = await page.title()
    if (expected !== actual) {
      problems.push(`${where}: server title "${expected}" ≠ page title "${actual}"`)
    }
    for (const found of await accessibilityProblems(page)) {
      problems.push(
        `${where}: ${found.impact} ${found.rule} (${found.help}) at ${found.targets.join(', ')}`
      )
    }
  }
  await screenshot(page, `a11y-${label}-${theme}-${size.width}`)
  await page.close()
  return problems
}

/** Light and dark on a desktop, and light on a phone (touch targets, the phone header). */
const COMBINATIONS = [
  { theme: 'light', size: DESKTOP },
  { theme: 'dark', size: DESKTOP },
  { theme: 'light', size: PHONE },
] as const

async function walkAs(context: BrowserContext, user: User | null, urls: string[], label: string) {
  if (user) await context.loginAs(user)
  const problems: string[] = []
  for (const { theme, size } of COMBINATIONS) {
    problems.push(...(await walk(context, urls, { theme, size, label })))
  }
  return problems
}

/**
 * Issue 17 item 6: axe-core on every main page for every role, light and
 * dark, desktop and phone; any serious or critical violation fails.
 */
test.group('Browser / accessibility (axe-core)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
  group.each.timeout(300_000)

  test('guest pages', async ({ browserContext, assert }) => {
    const team = await seedTeam()
    assert.deepEqual(await walkAs(browserContext, null, pagesFor('guest', team), 'guest'), [])
  })

  test('member pages: feeds, people and messages', async ({ browserContext, assert }) => {
    const team = await seedTeam()
    const pages = pagesFor('member', team)
    const half = pages.slice(0, Math.ceil(pages.length / 2))
    assert.deepEqual(await walkAs(browserContext, team.member, half, 'member-1'), [])
  })

  test('member pages: posts, search and settings', async ({ browserContext, assert }) => {
    const team = await seedTeam()
    const pages = pagesFor('member', team)
    const half = pages.slice(Math.ceil(pages.length / 2))
    assert.deepEqual(await walkAs(browserContext, team.member, half, 'member-2'), [])
  })

  test('external pages', async ({ browserContext, assert }) => {
    const team = await seedTeam()
    const pages = pagesFor('external', team)
    assert.deepEqual(await walkAs(browserContext, team.external, pages, 'external'), [])
  })

  test('admin pages', async ({ browserContext, assert }) => {
    const team = await seedTeam()
    const pages = pagesFor('admin', team)
    assert.deepEqual(await walkAs(browserContext, team.admin, pages, 'admin'), [])
  })
})
