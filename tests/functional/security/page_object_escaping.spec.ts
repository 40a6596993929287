import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import Comment from '#models/comment'
import { UserFactory } from '#database/factories/user_factory'
import { forgetTeamPanel } from '#services/team_panel'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Issue 16 item 2: the page object is embedded in the HTML as JSON inside a
 * script element. No user text may change how the HTML parser reads that
 * element: the JSON holds no raw `<` (so no `<!--`, `<script`, `</script`)
 * and no U+2028/2029, and reads back to the exact text.
 */
const SEQUENCES = ['<!--', '<!--<script', '<script>', '</script>', '</SCRIPT ', '\u2028', '\u2029']

function pageScript(html: string) {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('no page object in the HTML')
  return match[1]
}

test.group('Page object escaping (issue 16 item 2)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  for (const sequence of SEQUENCES) {
    const label = JSON.stringify(sequence)

    test(`${label} in a name, a bio and a comment stays inside the page object`, async ({
      client,
      assert,
    }) => {
      const name = `Ana ${sequence} Lopez`
      const ana = await UserFactory.merge({ fullName: name, bio: `Bio ${sequence}` }).create()
      const viewer = await UserFactory.merge({ fullName: `Me ${sequence}` }).create()
      const post = await PostFactory.merge({ authorId: viewer.id }).create()
      await Comment.create({
        postId: post.id,
        authorId: ana.id,
        body: `Comment ${sequence} end`,
        likesCount: 0,
        mediaCount: 0,
        createdAt: DateTime.now(),
      })

      for (const url of [
        '/',
        '/search',
        '/messages',
        '/notifications',
        `/posts/${post.id}`,
        `/u/${ana.username}`,
      ]) {
        const response = await client.get(url).loginAs(viewer)
        response.assertStatus(200)
        const json = pageScript(response.text())
        assert.notInclude(json, '<', `${url}: raw < in the page object`)
        assert.notMatch(json, /[\u2028\u2029]/, `${url}: raw line separator in the page object`)
        const page = JSON.parse(json)
        assert.equal(page.props.auth.user.fullName, `Me ${sequence}`, url)
        const text = JSON.stringify(page.props)
        if (url === '/' || url === `/u/${ana.username}`)
          assert.include(text, JSON.stringify(name).slice(1, -1), url)
        if (url.startsWith('/posts/')) assert.include(text, 'Comment', url)
      }
    })

    test(`${label} in a pending external's name stays inside the admin's externals list`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      await UserFactory.apply('external')
        .apply('pending')
        .merge({ fullName: `Eve ${sequence}` })
        .create()
      const response = await client.get('/admin/externals').loginAs(admin)
      response.assertStatus(200)
      const json = pageScript(response.text())
      assert.notInclude(json, '<')
      assert.notMatch(json, /[\u2028\u2029]/)
      assert.include(
        JSON.stringify(JSON.parse(json).props),
        JSON.stringify(`Eve ${sequence}`).slice(1, -1)
      )
    })
  }
})
