import { test } from '@japa/runner'
import { activeHref, MEMBER_MENU, visibleItems } from '../../../inertia/lib/navigation.js'
import { ADMIN_MENU } from '../../../inertia/components/admin/navigation.js'

const routes =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name)

test.group('Client navigation', () => {
  test('an entry appears only when its route exists', ({ assert }) => {
    const items = visibleItems(MEMBER_MENU, {
      hasRoute: routes('home', 'feed.public'),
      teamFeed: true,
    })
    assert.deepEqual(
      items.map((i) => i.route),
      ['home', 'feed.public']
    )
  })

  test('later features appear by themselves once their routes exist', ({ assert }) => {
    const has = routes('home', 'feed.public', 'messages.index', 'notifications.index')
    const items = visibleItems(MEMBER_MENU, { hasRoute: has, teamFeed: true })
    assert.includeMembers(
      items.map((i) => i.label),
      ['Messages', 'Notifications']
    )
  })

  test('the team feed entry is hidden from people without the team feed', ({ assert }) => {
    const items = visibleItems(MEMBER_MENU, {
      hasRoute: routes('home', 'feed.public'),
      teamFeed: false,
    })
    assert.deepEqual(
      items.map((i) => i.route),
      ['feed.public']
    )
  })

  test('no routes means an empty menu', ({ assert }) => {
    assert.lengthOf(visibleItems(ADMIN_MENU, { hasRoute: () => false, teamFeed: true }), 0)
  })

  test('every entry has a label, a route name and an icon', ({ assert }) => {
    for (const item of [...MEMBER_MENU, ...ADMIN_MENU]) {
      assert.isAbove(item.label.length, 0)
      assert.match(item.route, /^[a-z_]+(\.[a-z_]+)*$/)
      assert.exists(item.icon)
    }
  })

  test('the current page is the longest matching menu href', ({ assert }) => {
    const hrefs = ['/admin', '/admin/users', '/admin/settings']
    assert.equal(activeHref('/admin', hrefs), '/admin')
    assert.equal(activeHref('/admin/users', hrefs), '/admin/users')
    assert.equal(activeHref('/admin/users/3/edit?tab=x', hrefs), '/admin/users')
    assert.equal(activeHref('/admin/reports', hrefs), '/admin')
    assert.equal(activeHref('/administrators', hrefs), null)
  })

  test('the home href matches only the home page', ({ assert }) => {
    assert.equal(activeHref('/', ['/', '/public']), '/')
    assert.equal(activeHref('/?page=2', ['/', '/public']), '/')
    assert.equal(activeHref('/public', ['/', '/public']), '/public')
    assert.equal(activeHref('/messages', ['/', '/public']), null)
  })

  test('a trailing slash does not change the current page', ({ assert }) => {
    assert.equal(activeHref('/public/', ['/', '/public']), '/public')
  })
})
