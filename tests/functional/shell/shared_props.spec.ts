import { readdirSync } from 'node:fs'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { dbNow } from '#services/db/db_time'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Shared props (app/middleware/inertia_middleware.ts) and page props must not
 * collide (issue 17 item 3: `/u/<name>`'s own `can` replaced the shared one,
 * and the menus lost "Home" and "Admin dashboard"). The type of
 * `inertia.render` refuses a page prop named like a shared one; this walks
 * every page the router serves and checks each one carries the same shared
 * props as the home page, so the menus are the same everywhere.
 */

/** Shared props every page must carry unchanged (teamPanel is lazy: partial reloads skip it). */
const SHARED = ['team', 'auth', 'can', 'unreadMessages', 'unreadNotifications'] as const

/** Pages a signed-in user never reaches by a GET with these fixtures. */
const NOT_WALKED = new Set([
  // Guests only (a signed-in user is redirected), or reached through a form / token.
  'Auth/ConfirmPassword',
  'Auth/ForgotPassword',
  'Auth/Login',
  'Auth/Register',
  'Auth/ResetPassword',
  'Auth/VerifyEmail',
  'Users/RegisterSuccess',
  'Welcome',
  // Development only (the outbox routes exist outside production and tests).
  'Dev/Outbox',
  'Dev/OutboxShow',
  // Parts of Profile/Edit, not pages of their own.
  'Profile/Partials/DeleteUserForm',
  'Profile/Partials/UpdatePasswordForm',
  'Profile/Partials/UpdateProfileInformationForm',
  // The answer of a rate limit (429), walked by tests/browser/abuse_limits.spec.ts.
  'Errors/TooManyRequests',
  // Not rendered by any route today.
  'Homepage/CreatePost',
  'Homepage/MyVideo',
  'Posts/Show',
  'Profile/Cover',
])

function pageNames(dir = app.makePath('inertia/pages'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageNames(`${dir}/${entry.name}`, `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name.replace(/\.tsx$/, '')}`]
  )
}

/** Every GET route of the app as a URL, its parameters filled from the fixtures. */
function pageUrls(fixtures: {
  ownPostId: number
  selfId: number
  otherUsername: string
  selfUsername: string
}) {
  const urls = new Set<string>(['/no-such-page'])
  for (const route of Object.values(router.toJSON()).flat()) {
    if (!route.methods.includes('GET') || route.pattern.includes('*')) continue
    if (route.pattern.startsWith('/apps/') || route.pattern.startsWith('/dev/')) continue
    // The admin people pages take an account id: the walker's own.
    const id = /^\/admin\/(users|admins)\//.test(route.pattern)
      ? fixtures.selfId
      : fixtures.ownPostId
    const url = route.pattern
      .replace(/\/:variant\?/, '')
      // A person's id (Dashboard/UserPosts), before posts' ids.
      .replace('/people/:id/', `/people/${fixtures.selfId}/`)
      .replace(':id', String(id))
      .replace(':username', fixtures.otherUsername)
      .replace(':feed', 'team')
      .replace(':type', 'post')
      .replace(':token', 'not-a-token')
    urls.add(url)
  }
  urls.add(`/u/${fixtures.selfUsername}`)
  return [...urls]
}

async function walk(client: any, user: User, fixtures: Parameters<typeof pageUrls>[0]) {
  const pages: { url: string; component: string; props: Record<string, any> }[] = []
  for (const url of pageUrls(fixtures)) {
    const response = await client.get(url).loginAs(user).withInertia().redirects(0)
    if (response.header('x-inertia') !== 'true') continue
    pages.push({ url, component: response.body().component, props: response.body().props })
  }
  return pages
}

test.group('Shell / shared props on every page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admins and members see the same shared props (menus) on every page', async ({
    client,
    assert,
  }) => {
    const walked = new Set<string>()
    for (const role of ['admin', 'member'] as const) {
      const user = await (role === 'admin'
        ? UserFactory.apply('admin').create()
        : UserFactory.create())
      const other = await UserFactory.create()
      const ownPost = await PostFactory.merge({ authorId: user.id }).create()
      // Reports/Show (/admin/reports/post/:id): the walked post is reported.
      await db.table('reports').insert({
        reporter_id: other.id,
        subject_type: 'post',
        subject_id: ownPost.id,
        reason: 'spam',
        details: null,
        status: 'pending',
        created_at: dbNow(),
      })
      const fixtures = {
        ownPostId: ownPost.id,
        selfId: user.id,
        otherUsername: other.username,
        selfUsername: user.username,
      }

      const pages = await walk(client, user, fixtures)
      const home = pages.find((page) => page.url === '/')
      assert.exists(home, 'the home page answers with an Inertia page')
      assert.deepEqual(home!.props.can, { admin: role === 'admin', teamFeed: true })

      for (const page of pages) {
        walked.add(page.component)
        for (const key of SHARED) {
          assert.deepEqual(
            page.props[key],
            home!.props[key],
            `${role} on ${page.url} (${page.component}): shared prop "${key}"`
          )
        }
      }
      assert.isAbove(pages.length, 20, `${role}: pages walked`)
    }

    const missing = pageNames().filter((name) => !walked.has(name) && !NOT_WALKED.has(name))
    assert.deepEqual(missing, [], 'pages no GET route reached: walk them or list them above')
  })
})
