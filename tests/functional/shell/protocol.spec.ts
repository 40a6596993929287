import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { forgetTeamPanel } from '#services/team_panel'
import { getSettings } from '#services/settings'

const indexed = (key: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${key}[${i}]=${i}`).join('&')

test.group('Shell / Inertia protocol', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  test('an Inertia visit with a stale asset version gets 409 and the location to reload', async ({
    client,
  }) => {
    const response = await client
      .get('/login?next=1')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', 'stale-version')
    response.assertStatus(409)
    response.assertHeader('x-inertia-location', '/login?next=1')
    response.assertHeaderMissing('x-inertia')
  })

  test('a stale-version reply keeps the flash messages for the reloaded page', async ({
    client,
  }) => {
    const response = await client
      .get('/login')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', 'stale-version')
      .withFlashMessages({ success: 'Profile saved.' })
    response.assertStatus(409)
    response.assertFlashMessage('success', 'Profile saved.')
  })

  test('an Inertia visit with the current version gets the page object as JSON', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertHeader('x-inertia', 'true')
    assert.match(response.header('vary') ?? '', /x-inertia/i)
    const page = response.body()
    assert.equal(page.component, 'Auth/Login')
    assert.equal(page.url, '/login')
    assert.isString(page.version)
    assert.containsSubset(page.props, { team: {}, auth: { user: null }, errors: {} })
  })

  test('a first visit gets the HTML shell with the page and the title slot, no route list', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/login')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, '<title data-inertia')
    assert.include(html, 'Auth/Login')
    // URLs come from the route registry bundled with the pages (inertia/lib/route.ts)
    assert.notInclude(html, 'huddle-routes')
    assert.notInclude(html, 'password.reset')
  })

  test('the first HTML answer carries the page title, escaped', async ({ client, assert }) => {
    const { teamAbbreviation } = await getSettings()
    const login = await client.get('/login')
    assert.include(login.text(), `<title data-inertia>Sign in - ${teamAbbreviation}</title>`)

    const viewer = await UserFactory.create()
    const other = await UserFactory.merge({ fullName: 'Tom <b>&</b> Jerry' }).create()
    const profile = await client.get(`/u/${other.username}`).loginAs(viewer)
    assert.include(
      profile.text(),
      `<title data-inertia>Tom &lt;b&gt;&amp;&lt;/b&gt; Jerry - ${teamAbbreviation}</title>`
    )
    const search = await client.get('/search').qs({ q: 'lunch' }).loginAs(viewer)
    assert.include(search.text(), `<title data-inertia>Search: lunch - ${teamAbbreviation}</title>`)
  })

  test('a partial reload returns only the requested props (and errors)', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/')
      .loginAs(user)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Home')
      .header('X-Inertia-Partial-Data', 'feed')
    response.assertStatus(200)
    assert.deepEqual(Object.keys(response.body().props).sort(), ['errors', 'feed'])
    assert.equal(response.body().props.feed, 'team')
  })

  test('a partial reload with except leaves those props out', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/')
      .loginAs(user)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Home')
      .header('X-Inertia-Partial-Except', 'teamPanel,auth')
    response.assertStatus(200)
    const keys = Object.keys(response.body().props)
    assert.includeMembers(keys, ['feed', 'team', 'can', 'errors'])
    assert.notInclude(keys, 'teamPanel')
    assert.notInclude(keys, 'auth')
  })

  test('partial reload headers for another component are ignored', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/')
      .loginAs(user)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Auth/Login')
      .header('X-Inertia-Partial-Data', 'feed')
    assert.includeMembers(Object.keys(response.body().props), ['feed', 'team', 'auth', 'teamPanel'])
  })

  test('validation errors come back under the named error bag the form asked for', async ({
    client,
  }) => {
    const response = await client
      .get('/login')
      .withInertia()
      .header('X-Inertia-Error-Bag', 'signIn')
      .withFlashMessages({ inputErrorsBag: { uid: ['The uid field must be defined'] } })
    response.assertInertiaPropsContains({
      errors: { signIn: { uid: 'The uid field must be defined' } },
    })
  })

  test('without an error bag, validation and controller errors are merged flat', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/login')
      .withInertia()
      .withFlashMessages({
        inputErrorsBag: { password: ['Too short', 'Needs a digit'] },
        errorsBag: { uid: 'These credentials do not match our records.' },
      })
    assert.deepEqual(response.body().props.errors, {
      uid: 'These credentials do not match our records.',
      password: 'Too short',
    })
  })

  test('a query string nested deeper than 5 levels is accepted, not a server error', async ({
    client,
  }) => {
    const response = await client.get('/login?a[b][c][d][e][f][g]=1').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Login')
  })

  test('arrays of 21 elements in the query string are accepted', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .get(
        `/?${indexed('tags', 21)}&${Array.from({ length: 21 }, (_, i) => `ids[]=${i}`).join('&')}`
      )
      .loginAs(user)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Home')
  })

  test('huge array indices and more than 1000 parameters are accepted', async ({ client }) => {
    const many = Array.from({ length: 1200 }, (_, i) => `p${i}=${i}`).join('&')
    const response = await client.get(`/login?x[99999999]=1&${many}`).withInertia()
    response.assertStatus(200)
  })

  test('the same limits hold for form bodies', async ({ client }) => {
    const form: Record<string, string> = { 'a[b][c][d][e][f][g]': '1' }
    for (let i = 0; i < 21; i++) form[`list[${i}]`] = String(i)
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ uid: 'nobody@example.com', password: 'wrong-password', ...form })
      .redirects(0)
    response.assertStatus(302)
  })
})
