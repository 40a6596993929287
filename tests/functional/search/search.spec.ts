import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import Post from '#models/post'
import type User from '#models/user'
import { block } from '#tests/functional/feeds/fixtures'
import { countQueries, sqlitePlan } from '#tests/functional/feeds/query_counter'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { FLUSH_EVERY, flushPostSearchIndex, INDEX_PENDING_SQL } from '#services/post_search_index'
import CreatePost from '#actions/posts/create_post'
import { onPostgres, SQLITE_PLAN } from '#tests/helpers/dialect'
import { PostFactory } from '#database/factories/post_factory'
import {
  POSTS_FTS_PREFIXES,
  recreatePostsFts,
} from '#database/migrations/0125_widen_posts_search_prefixes'

/** Why the FTS5 queue's tests are skipped on PostgreSQL (its tsvector column is written with the row). */
const SQLITE_QUEUE =
  'SQLite FTS5 write queue (migration 0080); PostgreSQL indexes each row as it is written'

/**
 * GET /search (Homepage/Search): posts by full text (FTS5 on SQLite, the
 * tsvector + GIN index on PostgreSQL — this same spec runs on both),
 * filtered by THE visibility rule; people by name / username; the team
 * directory for an empty query. Keyset pages, constant query count, and
 * no input can break the full-text syntax.
 */

/** SQLite: the posts waiting for the batched FTS5 write (migration 0080). */
/** `count` posts by `writer` saying "gecko <n>" (through the model, its hook included), their ids in order. */
async function geckoPosts(writer: User, count: number) {
  const made: number[] = []
  for (let i = 0; i < count; i++) {
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: `<p>gecko ${i}</p>`,
      bodyText: `gecko ${i}`,
    }).create()
    made.push(post.id)
  }
  return made
}

async function pendingIds() {
  const rows = await db.rawQuery('SELECT post_id FROM posts_fts_pending ORDER BY post_id')
  return (rows as { post_id: number }[]).map((row) => row.post_id)
}

/** SQLite: the posts the FTS5 index itself holds for a word (the queue aside). */
async function indexedIds(word: string) {
  const rows = await db.rawQuery('SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?', [word])
  return (rows as { rowid: number }[]).map((row) => row.rowid)
}

/**
 * SQLite: FTS5's own integrity check (throws if it fails). With nothing
 * pending it also checks that the index holds exactly the posts' current
 * text; while posts wait in the queue, the index is rightly behind the
 * posts table, so only its own structure is checked.
 */
async function assertIndexIntact() {
  const pending = await pendingIds()
  const complete = pending.length === 0 ? 1 : 0
  await db.rawQuery(`INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', ?)`, [
    complete,
  ])
}

function ids(props: any, name: 'posts' | 'people') {
  return (props[name].data as { id: number }[]).map((item) => item.id)
}

async function found(client: any, user: any, q: string, list: 'posts' | 'people') {
  const response = await search(client, user, q)
  return ids(response.inertiaProps, list)
}

function search(
  client: any,
  user: any,
  q: string,
  extra: Record<string, unknown> = {}
): Promise<any> {
  return client
    .get('/search')
    .qs({ q, ...extra })
    .loginAs(user)
    .withInertia()
}

test.group('Search / access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest is sent to the sign-in page', async ({ client, assert }) => {
    const response = await client.get('/search').qs({ q: 'hello' }).redirects(0)
    response.assertStatus(302)
    assert.match(response.header('location') ?? '', /^\/login(\?|$)/)
  })

  test('a member gets Homepage/Search with both lists', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const response = await search(client, member, 'anything')
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/Search')
    response.assertInertiaPropsContains({ q: 'anything', sort: 'name', showPeople: true })
    const scroll = (response.body() as any).scrollProps
    assert.equal(scroll.posts.pageName, 'cursor')
    assert.equal(scroll.people.pageName, 'people_cursor')
  })
})

test.group('Search / posts by full text', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('finds posts by words and by the start of the last word', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const kayak = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>Our kayaking trip to the fjord was great</p>',
      bodyText: 'Our kayaking trip to the fjord was great',
    }).create()
    const both = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>Fjord photos from the kayak club</p>',
      bodyText: 'Fjord photos from the kayak club',
    }).create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>Nothing to see here</p>',
      bodyText: 'Nothing to see here',
    }).create()

    assert.deepEqual(await found(client, viewer, 'fjord', 'posts'), [both.id, kayak.id])
    // As you type: the last word is a prefix.
    assert.deepEqual(await found(client, viewer, 'kay', 'posts'), [both.id, kayak.id])
    // Every word must match; case does not matter.
    assert.deepEqual(await found(client, viewer, 'CLUB fjo', 'posts'), [both.id])
    assert.deepEqual(await found(client, viewer, 'submarine', 'posts'), [])
  })

  test('a result carries author (no e-mail), counts and a highlighted snippet as text parts', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>Beware <script>alert(1)</script> of the gremlins tonight</p>',
      bodyText: 'Beware <script>alert(1)</script> of the gremlins tonight',
    }).create()
    const response = await search(client, viewer, 'gremlins')
    const [result] = response.inertiaProps.posts.data
    assert.equal(result.author.username, writer.username)
    assert.notProperty(result.author, 'email')
    assert.notInclude(JSON.stringify(response.inertiaProps), writer.email)
    assert.deepInclude(result.snippet, { text: 'gremlins', hit: true })
    // The markup in the text stays text: the page renders parts as text nodes.
    assert.include(
      result.snippet.map((part: any) => part.text).join(''),
      '<script>alert(1)</script>'
    )
    assert.properties(result, ['likes', 'comments', 'mediaCount', 'createdAt', 'isShare'])
  })

  test('only published posts passing the visibility rule are found', async ({ client, assert }) => {
    const [viewer, writer, blocked, blocker] = await UserFactory.createMany(4)
    const leaving = await UserFactory.apply('deletionPending').create()
    const inactive = await UserFactory.apply('inactive').create()
    const visible = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka team</p>',
      bodyText: 'quokka team',
    }).create()
    const pub = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka public</p>',
      bodyText: 'quokka public',
    })
      .apply('public')
      .create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka pending</p>',
      bodyText: 'quokka pending',
    })
      .apply('pending')
      .apply('public')
      .create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka rejected</p>',
      bodyText: 'quokka rejected',
    })
      .apply('rejected')
      .create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka deleted</p>',
      bodyText: 'quokka deleted',
    })
      .apply('deleted')
      .create()
    await PostFactory.merge({
      authorId: blocked.id,
      bodyHtml: '<p>quokka from blocked</p>',
      bodyText: 'quokka from blocked',
    }).create()
    await PostFactory.merge({
      authorId: blocker.id,
      bodyHtml: '<p>quokka from blocker</p>',
      bodyText: 'quokka from blocker',
    }).create()
    await PostFactory.merge({
      authorId: leaving.id,
      bodyHtml: '<p>quokka from leaving</p>',
      bodyText: 'quokka from leaving',
    }).create()
    await PostFactory.merge({
      authorId: inactive.id,
      bodyHtml: '<p>quokka from inactive</p>',
      bodyText: 'quokka from inactive',
    }).create()
    await block(viewer, blocked)
    await block(blocker, viewer)
    // A share whose original the viewer cannot see is hidden.
    const hidden = await PostFactory.merge({
      authorId: blocked.id,
      bodyHtml: '<p>original</p>',
      bodyText: 'original',
    }).create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>quokka share</p>',
      bodyText: 'quokka share',
      sharedPostId: hidden.id,
    }).create()

    const member = await search(client, viewer, 'quokka')
    assert.deepEqual(ids(member.inertiaProps, 'posts'), [pub.id, visible.id])

    const external = await UserFactory.apply('external').create()
    const outside = await search(client, external, 'quokka')
    assert.deepEqual(ids(outside.inertiaProps, 'posts'), [pub.id])
    response: {
      assert.isFalse(outside.inertiaProps.showPeople)
      assert.deepEqual(outside.inertiaProps.people.data, [])
    }

    const admin = await UserFactory.apply('admin').create()
    const adminResults = await found(client, admin, 'quokka', 'posts')
    assert.includeMembers(adminResults, [pub.id, visible.id])
    assert.notIncludeMembers(adminResults, [hidden.id])
  })

  test('the index follows edits and deletes', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>walrus meeting at noon</p>',
      bodyText: 'walrus meeting at noon',
    }).create()
    assert.deepEqual(await found(client, viewer, 'walrus', 'posts'), [post.id])

    post.bodyText = 'narwhal meeting at noon'
    post.bodyHtml = '<p>narwhal meeting at noon</p>'
    await post.save()
    assert.deepEqual(await found(client, viewer, 'walrus', 'posts'), [])
    assert.deepEqual(await found(client, viewer, 'narwhal', 'posts'), [post.id])

    await Post.query().where('id', post.id).delete()
    assert.deepEqual(await found(client, viewer, 'narwhal', 'posts'), [])
    if (db.connection().dialect.name !== 'postgres') {
      assert.deepEqual(await indexedIds('narwhal'), [])
      await assertIndexIntact()
    }
  })

  const HOSTILE = [
    '"',
    '""',
    "'",
    '*',
    'a*',
    '"unbalanced',
    'NEAR(a b',
    'a OR',
    'AND',
    'NOT x',
    '-x',
    '^x',
    'col:x',
    'x:*',
    '!x & | y',
    ')(',
    '\\',
    '%_%',
    "'; DROP TABLE posts; --",
    '😀 emoji',
    'ǅemo ñandú',
    'x'.repeat(5000),
    Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '),
  ]
  test('no input breaks the search: {label}')
    .with(
      HOSTILE.map((q) => ({
        q,
        label: q.length > 30 ? `${q.slice(0, 12)}… (${q.length} chars)` : q,
      }))
    )
    .run(async ({ client, assert }, { q }) => {
      const [viewer, writer] = await UserFactory.createMany(2)
      await PostFactory.merge({
        authorId: writer.id,
        bodyHtml: '<p>ñandú emoji near the col</p>',
        bodyText: 'ñandú emoji near the col',
      }).create()
      const response = await search(client, viewer, q)
      response.assertStatus(200)
      response.assertInertiaComponent('Homepage/Search')
      assert.isArray(response.inertiaProps.posts.data)
    })

  test('a one-letter word is searched whole, longer last words as prefixes', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const letter = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>x marks the spot</p>',
      bodyText: 'x marks the spot',
    }).create()
    const word = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>xylophone practice</p>',
      bodyText: 'xylophone practice',
    }).create()
    assert.deepEqual(await found(client, viewer, 'x', 'posts'), [letter.id])
    assert.deepEqual(await found(client, viewer, 'xy', 'posts'), [word.id])
  })

  test('SQLite: the FTS5 table has prefix indexes for as-you-type (2–6 letters)', async ({
    assert,
  }) => {
    const [row] = await db.rawQuery(`SELECT sql FROM sqlite_master WHERE name = 'posts_fts'`)
    assert.include(row.sql, "prefix='2 3 4 5 6'")
  }).skip(onPostgres(), 'SQLite FTS5 table definition; PostgreSQL prefix search is tested above')

  test('a query made of symbols only finds no posts (no fallback scan)', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>star * and quotes "</p>',
      bodyText: 'star * and quotes "',
    }).create()
    const response = await search(client, viewer, '*** "" :')
    assert.deepEqual(response.inertiaProps.posts.data, [])
  })

  test('posts page by keyset cursor (partial reload of posts only)', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const created: number[] = []
    for (let i = 0; i < 25; i++) {
      const post = await PostFactory.merge({
        authorId: writer.id,
        bodyHtml: `<p>okapi ${i}</p>`,
        bodyText: `okapi ${i}`,
      }).create()
      created.push(post.id)
    }
    const expected = created.reverse()

    const first = await search(client, viewer, 'okapi')
    assert.deepEqual(ids(first.inertiaProps, 'posts'), expected.slice(0, 20))
    const cursor = (first.body() as any).scrollProps.posts.nextPage
    assert.equal(cursor, String(expected[19]))

    const second = await client
      .get('/search')
      .qs({ q: 'okapi', cursor })
      .loginAs(viewer)
      .withInertiaPartialReload('Homepage/Search', ['posts'])
    assert.properties(second.inertiaProps, ['posts'])
    assert.notProperty(second.inertiaProps, 'people')
    assert.deepEqual(ids(second.inertiaProps, 'posts'), expected.slice(20))
    assert.isNull((second.body() as any).scrollProps.posts.nextPage)
  })

  for (const bad of ['abc', '0', '-1', "1' OR 1=1"]) {
    test(`a malformed posts cursor (${bad}) is refused with 400`, async ({ client }) => {
      const viewer = await UserFactory.create()
      const response = await client.get('/search').qs({ q: 'x', cursor: bad }).loginAs(viewer)
      response.assertStatus(400)
      response.assertTextIncludes('cursor')
    })
  }

  test('the posts query goes through the full-text index, never LIKE on bodies', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>tapir</p>',
      bodyText: 'tapir',
    }).create()
    const { queries: seen } = await countQueries(() => search(client, viewer, 'tapir'))
    const postsQuery = seen.find(({ sql }) => /^select [`"]posts[`"]/i.test(sql))
    assert.exists(postsQuery, seen.map(({ sql }) => sql).join('\n'))
    assert.notMatch(postsQuery!.sql, /body_text[`"]?\s+(i?like)/i)
    if (db.connection().dialect.name === 'postgres') {
      assert.include(postsQuery!.sql, 'search_vector @@')
      // With the planner told to avoid sequential scans, the GIN index answers.
      await db.rawQuery('SET LOCAL enable_seqscan = off')
      const plan = await db.rawQuery(
        `EXPLAIN SELECT id FROM posts WHERE search_vector @@ to_tsquery('simple', 'tapir:*')`
      )
      const text = plan.rows.map((row: any) => row['QUERY PLAN']).join('\n')
      assert.include(text, 'posts_search_vector_idx', text)
    } else {
      assert.include(postsQuery!.sql, 'posts_fts MATCH')
      // The real query's plan: FTS5 delivers matches newest first, each post
      // is read by primary key, nothing is scanned or sorted.
      const text = await sqlitePlan(postsQuery!.sql, postsQuery!.bindings)
      assert.include(text, 'VIRTUAL TABLE INDEX', text)
      assert.include(text, 'SEARCH posts USING INTEGER PRIMARY KEY', text)
      assert.notMatch(text, /SCAN posts(\s|$)/m, text)
      assert.notInclude(text, 'TEMP B-TREE', text)
    }
  })
})

test.group('Search / SQLite: new posts enter the index in batches', (group) => {
  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    // Each case starts from an empty queue (posts of earlier groups may wait in it).
    await flushPostSearchIndex()
    return rollback
  })

  test('a new post waits in the queue and is found by the next search', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>pangolin sighting</p>',
      bodyText: 'pangolin sighting',
    }).create()
    assert.deepEqual(await pendingIds(), [post.id])
    assert.deepEqual(await indexedIds('pangolin'), [])

    assert.deepEqual(await found(client, viewer, 'pangolin', 'posts'), [post.id])
    assert.deepEqual(await pendingIds(), [])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('a pending post edited before the flush is indexed with its new text', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>axolotl draft</p>',
      bodyText: 'axolotl draft',
    }).create()
    post.bodyText = 'salamander final'
    post.bodyHtml = '<p>salamander final</p>'
    await post.save()
    assert.deepEqual(await pendingIds(), [post.id])
    await assertIndexIntact()

    assert.deepEqual(await found(client, viewer, 'axolotl', 'posts'), [])
    assert.deepEqual(await found(client, viewer, 'salamander', 'posts'), [post.id])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('a pending post deleted before the flush leaves the queue; the index stays intact', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const kept = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>capybara kept</p>',
      bodyText: 'capybara kept',
    }).create()
    const gone = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>capybara gone</p>',
      bodyText: 'capybara gone',
    }).create()
    await Post.query().where('id', gone.id).delete()
    assert.deepEqual(await pendingIds(), [kept.id])
    await assertIndexIntact()
    assert.deepEqual(await found(client, viewer, 'capybara', 'posts'), [kept.id])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('recreating the index (migration 0125) indexes pending posts once and empties the queue', async ({
    client,
    assert,
  }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const indexed = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>wombatine indexed</p>',
      bodyText: 'wombatine indexed',
    }).create()
    await flushPostSearchIndex()
    const pending = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>wombatine pending</p>',
      bodyText: 'wombatine pending',
    }).create()
    assert.deepEqual(await pendingIds(), [pending.id])

    await recreatePostsFts(db.connection(), POSTS_FTS_PREFIXES)
    assert.deepEqual(await pendingIds(), [])
    await assertIndexIntact()
    assert.sameMembers(await indexedIds('wombatine'), [indexed.id, pending.id])
    // A six-letter prefix, answered by its own prefix index now.
    assert.deepEqual(await found(client, viewer, 'wombat', 'posts'), [pending.id, indexed.id])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test(`every ${FLUSH_EVERY}th post created flushes the queue in its own transaction`, async ({
    assert,
  }) => {
    const writer = await UserFactory.create()
    const created = await geckoPosts(writer, FLUSH_EVERY - 1)
    assert.deepEqual(await pendingIds(), created)

    const last = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>gecko last</p>',
      bodyText: 'gecko last',
    }).create()
    assert.deepEqual(await pendingIds(), [])
    assert.sameMembers(await indexedIds('gecko'), [...created, last.id])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test(`a post from the composer counts too: the ${FLUSH_EVERY}th flushes the queue`, async ({
    assert,
  }) => {
    const writer = await UserFactory.create()
    const created = await geckoPosts(writer, FLUSH_EVERY - 1)
    assert.deepEqual(await pendingIds(), created)

    // CreatePost writes its row as SqlSteps, without the model's hook.
    const last = await new CreatePost().handle({
      author: writer,
      body: '<p>gecko last</p>',
      audience: 'team',
      files: [],
    })
    assert.deepEqual(await pendingIds(), [])
    assert.sameMembers(await indexedIds('gecko'), [...created, last.id])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('concurrent searches flush the same queue once, and both find the post', async ({
    client,
    assert,
  }) => {
    const [viewer, other, writer] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>manatee</p>',
      bodyText: 'manatee',
    }).create()
    const [first, second] = await Promise.all([
      search(client, viewer, 'manatee'),
      search(client, other, 'manatee'),
    ])
    first.assertStatus(200)
    second.assertStatus(200)
    assert.deepEqual(ids(first.inertiaProps, 'posts'), [post.id])
    assert.deepEqual(ids(second.inertiaProps, 'posts'), [post.id])
    assert.deepEqual(await pendingIds(), [])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('a flush after another flush emptied the queue indexes nothing and fails nothing', async ({
    assert,
  }) => {
    const writer = await UserFactory.create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>dugong</p>',
      bodyText: 'dugong',
    }).create()
    const counts = await Promise.all([flushPostSearchIndex(), flushPostSearchIndex()])
    assert.equal(counts[0] + counts[1], 1)
    assert.deepEqual(await pendingIds(), [])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)

  test('a flush walks the queue and reads each post by key, never the posts table', async ({
    assert,
  }) => {
    const text = await sqlitePlan(INDEX_PENDING_SQL, [1_000_000])
    assert.match(text, /^SEARCH q USING INTEGER PRIMARY KEY/m, text)
    assert.include(text, 'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)', text)
    assert.notMatch(text, /(SCAN|SEARCH) p USING INTEGER PRIMARY KEY \(rowid<\?\)|SCAN p/, text)
  }).skip(onPostgres(), SQLITE_PLAN)

  test('a post whose transaction rolls back leaves nothing in the queue', async ({ assert }) => {
    const writer = await UserFactory.create()
    const trx = await db.transaction()
    const post = new Post()
    post.useTransaction(trx)
    post.merge({
      authorId: writer.id,
      bodyHtml: '<p>okapi</p>',
      bodyText: 'okapi',
      audience: 'team',
      status: 'published',
      sharedPostId: null,
      mediaCount: 0,
    })
    await post.save()
    assert.lengthOf(await trx.rawQuery('SELECT post_id FROM posts_fts_pending'), 1)
    await trx.rollback()
    assert.deepEqual(await pendingIds(), [])
    await assertIndexIntact()
  }).skip(onPostgres(), SQLITE_QUEUE)
})

/**
 * What the queue tests above check on SQLite, as seen from search itself, on
 * both databases (on PostgreSQL the tsvector column is written with the row,
 * so these are the equivalents of the SQLite-only queue tests).
 */
test.group('Search / a post is searchable at once, with its latest text', (group) => {
  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    await flushPostSearchIndex()
    return rollback
  })

  test('a new post is found by the next search', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>pangolin sighting</p>',
      bodyText: 'pangolin sighting',
    }).create()
    assert.deepEqual(await found(client, viewer, 'pangolin', 'posts'), [post.id])
  })

  test('an edited post is found by its new text only', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>axolotl draft</p>',
      bodyText: 'axolotl draft',
    }).create()
    post.bodyText = 'salamander final'
    post.bodyHtml = '<p>salamander final</p>'
    await post.save()
    assert.deepEqual(await found(client, viewer, 'axolotl', 'posts'), [])
    assert.deepEqual(await found(client, viewer, 'salamander', 'posts'), [post.id])
  })

  test('a deleted post is not found; the others still are', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const kept = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>capybara kept</p>',
      bodyText: 'capybara kept',
    }).create()
    const gone = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>capybara gone</p>',
      bodyText: 'capybara gone',
    }).create()
    await Post.query().where('id', gone.id).delete()
    assert.deepEqual(await found(client, viewer, 'capybara', 'posts'), [kept.id])
  })

  test('concurrent searches both find a new post', async ({ client, assert }) => {
    const [viewer, other, writer] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>manatee</p>',
      bodyText: 'manatee',
    }).create()
    const [first, second] = await Promise.all([
      search(client, viewer, 'manatee'),
      search(client, other, 'manatee'),
    ])
    first.assertStatus(200)
    second.assertStatus(200)
    assert.deepEqual(ids(first.inertiaProps, 'posts'), [post.id])
    assert.deepEqual(ids(second.inertiaProps, 'posts'), [post.id])
  })

  test('many posts in a row: the newest are found at once', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const created = await geckoPosts(writer, FLUSH_EVERY + 2)
    // Newest first, a page of 20: the last ones written are found at once.
    const response = await search(client, viewer, 'gecko')
    assert.deepEqual(ids(response.inertiaProps, 'posts'), created.reverse().slice(0, 20))
  })

  test('a post whose transaction rolls back is never found', async ({ client, assert }) => {
    const [viewer, writer] = await UserFactory.createMany(2)
    const trx = await db.transaction()
    const post = new Post()
    post.useTransaction(trx)
    post.merge({
      authorId: writer.id,
      bodyHtml: '<p>okapi</p>',
      bodyText: 'okapi',
      audience: 'team',
      status: 'published',
      sharedPostId: null,
      mediaCount: 0,
    })
    await post.save()
    await trx.rollback()
    assert.deepEqual(await found(client, viewer, 'okapi', 'posts'), [])
  })
})

/**
 * The person searching in the people tests: a fixed name and username, since
 * the factory's random username suffix is a word of its own ("user48_zq3ab")
 * that a short search such as "zq" or "q" would find.
 */
function searchingViewer() {
  return UserFactory.merge({ fullName: 'Viewer Person', username: 'viewer_person' }).create()
}

test.group('Search / people and the team directory', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('finds people by name, by a later name and by username', async ({ client, assert }) => {
    const viewer = await searchingViewer()
    const zelda = await UserFactory.merge({
      fullName: 'Zelda Quartermain',
      username: 'zq_ops',
    }).create()
    const other = await UserFactory.merge({ fullName: 'Quentin Zorro', username: 'qz' }).create()

    assert.deepEqual(await found(client, viewer, 'zel', 'people'), [zelda.id])
    assert.deepEqual(await found(client, viewer, 'quarter', 'people'), [zelda.id])
    assert.deepEqual(await found(client, viewer, '@zq_', 'people'), [zelda.id])
    assert.sameMembers(await found(client, viewer, 'Q', 'people'), [zelda.id, other.id])
    // A LIKE wildcard is a character, not a wildcard.
    assert.deepEqual(await found(client, viewer, '%', 'people'), [])
    const zeldaSearch = await search(client, viewer, 'zelda')
    const person = zeldaSearch.inertiaProps.people.data[0]
    assert.deepEqual(Object.keys(person).sort(), [
      'avatarUrl',
      'commentsCount',
      'fullName',
      'id',
      'initials',
      'postsCount',
      'username',
    ])
  })

  test('the names follow a rename and a removal; several words must all match', async ({
    client,
    assert,
  }) => {
    const viewer = await searchingViewer()
    const person = await UserFactory.merge({
      fullName: 'Wilhelmina Brandtstaetter',
      username: 'wb_one',
    }).create()
    assert.deepEqual(await found(client, viewer, 'wilh brandt', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, 'wilh nobody', 'people'), [])

    await db
      .from('users')
      .where('id', person.id)
      .update({ full_name: 'Ottilie Vandersloot', username: 'ov_two' })
    assert.deepEqual(await found(client, viewer, 'wilh', 'people'), [])
    assert.deepEqual(await found(client, viewer, '@wb_one', 'people'), [])
    assert.deepEqual(await found(client, viewer, 'ottil vanders', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, '@ov_', 'people'), [person.id])

    await db.from('users').where('id', person.id).delete()
    assert.deepEqual(await found(client, viewer, 'ottil', 'people'), [])
  })

  test('SQLite: accents and case are ignored, a hyphenated name is two words', async ({
    client,
    assert,
  }) => {
    const viewer = await searchingViewer()
    const person = await UserFactory.merge({
      fullName: 'Éloïse Jean-Baptiste',
      username: 'eloise_jb',
    }).create()
    assert.deepEqual(await found(client, viewer, 'eloise', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, 'ÉLOÏ', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, 'baptiste', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, '"eloise', 'people'), [person.id])
    // Symbols are no word: beside a word they add nothing, alone they find nobody.
    assert.deepEqual(await found(client, viewer, 'eloise -', 'people'), [person.id])
    assert.deepEqual(await found(client, viewer, '- *', 'people'), [])
  }).skip(onPostgres(), 'SQLite names index (migration 0124); PostgreSQL reads names with LIKE')

  test('SQLite: the people query goes through the names index, never a scan of users', async ({
    client,
    assert,
  }) => {
    const viewer = await searchingViewer()
    await UserFactory.merge({ fullName: 'Tapirina Example' }).create()
    const { queries: seen } = await countQueries(() => search(client, viewer, 'tapiri'))
    const peopleQuery = seen.find(({ sql }) => /from [`"]users[`"] as [`"]people[`"]/i.test(sql))
    assert.exists(peopleQuery, seen.map(({ sql }) => sql).join('\n'))
    assert.include(peopleQuery!.sql, 'users_fts MATCH')
    assert.notMatch(peopleQuery!.sql, /like/i)
    const text = await sqlitePlan(peopleQuery!.sql, peopleQuery!.bindings)
    assert.include(text, 'VIRTUAL TABLE INDEX', text)
    assert.notMatch(text, /SCAN (people|users)(\s|$)/m, text)
  }).skip(onPostgres(), SQLITE_PLAN)

  test('only usable team accounts, nobody across a block', async ({ client, assert }) => {
    const viewer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').merge({ fullName: 'Yolo Admin' }).create()
    const member = await UserFactory.merge({ fullName: 'Yolo Member' }).create()
    await UserFactory.apply('inactive').merge({ fullName: 'Yolo Inactive' }).create()
    await UserFactory.apply('deletionPending').merge({ fullName: 'Yolo Leaving' }).create()
    await UserFactory.apply('unverified').merge({ fullName: 'Yolo Unverified' }).create()
    await UserFactory.apply('pending').merge({ fullName: 'Yolo Pending' }).create()
    await UserFactory.apply('external').merge({ fullName: 'Yolo External' }).create()
    const blocked = await UserFactory.merge({ fullName: 'Yolo Blocked' }).create()
    const blocker = await UserFactory.merge({ fullName: 'Yolo Blocker' }).create()
    await block(viewer, blocked)
    await block(blocker, viewer)

    const response = await search(client, viewer, 'yolo')
    assert.deepEqual(ids(response.inertiaProps, 'people'), [admin.id, member.id])
  })

  test('an empty query is the team directory, sortable and paged', async ({ client, assert }) => {
    const viewer = await UserFactory.merge({ fullName: 'Aaron Viewer' }).create()
    const people = [viewer]
    for (let i = 0; i < 24; i++) {
      people.push(
        await UserFactory.merge({ fullName: `Person ${String(i).padStart(2, '0')}` }).create()
      )
    }
    await db.from('users').where('id', people[5].id).update({ posts_count: 9, comments_count: 1 })
    await db.from('users').where('id', people[7].id).update({ posts_count: 3 })
    await UserFactory.apply('inactive').create()

    const byName = await search(client, viewer, '')
    response: {
      byName.assertInertiaPropsContains({ q: '', sort: 'name' })
      assert.deepEqual(byName.inertiaProps.posts.data, [])
    }
    const nameOrder = [...people].sort((a, b) =>
      a.fullName.toLowerCase() < b.fullName.toLowerCase() ? -1 : 1
    )
    assert.deepEqual(
      ids(byName.inertiaProps, 'people'),
      nameOrder.slice(0, 20).map((u) => u.id)
    )
    const cursor = (byName.body() as any).scrollProps.people.nextPage
    assert.isString(cursor)
    const rest = await client
      .get('/search')
      .qs({ people_cursor: cursor })
      .loginAs(viewer)
      .withInertiaPartialReload('Homepage/Search', ['people'])
    assert.deepEqual(
      ids(rest.inertiaProps, 'people'),
      nameOrder.slice(20).map((u) => u.id)
    )
    assert.isNull((rest.body() as any).scrollProps.people.nextPage)

    const active = await search(client, viewer, '', { sort: 'active' })
    assert.deepEqual(ids(active.inertiaProps, 'people').slice(0, 3), [
      people[5].id,
      people[7].id,
      people[0].id,
    ])
    const activeCursor = (active.body() as any).scrollProps.people.nextPage
    const activeRest = await client
      .get('/search')
      .qs({ sort: 'active', people_cursor: activeCursor })
      .loginAs(viewer)
      .withInertiaPartialReload('Homepage/Search', ['people'])
    const all = [...ids(active.inertiaProps, 'people'), ...ids(activeRest.inertiaProps, 'people')]
    assert.sameMembers(
      all,
      people.map((u) => u.id)
    )
    assert.lengthOf(new Set(all), people.length)

    const newest = await search(client, viewer, '', { sort: 'newest' })
    assert.deepEqual(
      ids(newest.inertiaProps, 'people'),
      [...people]
        .reverse()
        .slice(0, 20)
        .map((u) => u.id)
    )

    // An unknown sort falls back to names.
    const unknown = await search(client, viewer, '', { sort: 'email' })
    unknown.assertInertiaPropsContains({ sort: 'name' })
  })

  for (const [sort, bad] of [
    ['name', 'not base64!'],
    ['name', Buffer.from('[1,2]').toString('base64url')],
    ['active', Buffer.from('["x",2]').toString('base64url')],
    ['newest', 'abc'],
  ]) {
    test(`a malformed people cursor (${sort}: ${bad}) is refused with 400`, async ({ client }) => {
      const viewer = await UserFactory.create()
      const response = await client.get('/search').qs({ sort, people_cursor: bad }).loginAs(viewer)
      response.assertStatus(400)
    })
  }

  test('a search costs the same number of queries for 1 result as for full pages', async ({
    client,
    assert,
  }) => {
    const warm = async (user: any) => {
      clearSettingsCache()
      forgetTeamPanel()
      await search(client, user, 'warm')
    }
    const viewer = await UserFactory.create()
    const writer = await UserFactory.merge({ fullName: 'Ibex Writer' }).create()
    await PostFactory.merge({
      authorId: writer.id,
      bodyHtml: '<p>ibex single</p>',
      bodyText: 'ibex single',
    }).create()
    await warm(viewer)
    const few = await countQueries(() => search(client, viewer, 'ibex'))
    assert.lengthOf(few.result.inertiaProps.posts.data, 1)

    for (let i = 0; i < 25; i++) {
      const person = await UserFactory.merge({ fullName: `Ibex ${i}` }).create()
      await PostFactory.merge({
        authorId: person.id,
        bodyHtml: `<p>ibex herd ${i}</p>`,
        bodyText: `ibex herd ${i}`,
      }).create()
    }
    await warm(viewer)
    const many = await countQueries(() => search(client, viewer, 'ibex'))
    assert.lengthOf(many.result.inertiaProps.posts.data, 20)
    assert.lengthOf(many.result.inertiaProps.people.data, 20)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    // One query for the people page, one for the posts page (the rest is the
    // shell's shared props: the signed-in user and others' counters).
    assert.lengthOf(
      many.statements.filter((sql) =>
        /from [`"](posts|users)[`"] as [`"]people[`"]|^select [`"]posts[`"]/i.test(sql)
      ),
      2,
      many.statements.join('\n')
    )
  })
})
