import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import * as tar from 'tar'
import { jpeg } from '#tests/fixtures/media_files'
import { onPostgres, onSqlite } from '#tests/helpers/dialect'
import {
  type AppInstance,
  createInstance,
  InstanceClient,
  INSTANCES_REPEAT_SQLITE,
} from '#tests/helpers/app_instance'

/**
 * `node ace backup` / `node ace restore` end to end (issue 18 §2): a real
 * instance (the production build, its own database and media folder) is
 * seeded with posts, images, comments and messages, backed up while
 * requests are being served, restored into a fresh database and media
 * folder, and a second server booted on the restored instance serves the
 * same pages and the same bytes. On SQLite and on PostgreSQL (the suite's
 * dialect).
 */

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

function imageForm(fields: Record<string, string>, field: string, images: Buffer[]) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  images.forEach((image, index) =>
    form.append(
      field,
      new Blob([new Uint8Array(image)], { type: 'image/jpeg' }),
      `photo-${index}.jpg`
    )
  )
  return form
}

/** What the seeded content looks like from ana's side: post pages and media bytes. */
async function snapshotContent(client: InstanceClient, postIds: number[], conversation: string) {
  const posts: Record<number, unknown> = {}
  const media: Record<string, string> = {}
  for (const id of postIds) {
    const page = await client.page(`/posts/${id}`)
    posts[id] = { post: page.props.post, comments: page.props.comments }
    for (const item of page.props.post.media ?? []) {
      for (const variant of ['original', 'display', 'thumb']) {
        const response = await client.request('GET', `/media/${item.id}/${variant}`, {
          accept: '*/*',
        })
        media[`${item.id}/${variant}`] = `${response.status} ${sha(response.body)}`
      }
    }
  }
  const thread = await client.request('GET', `/messages/${conversation}/history`, {
    accept: 'application/json',
  })
  return { posts, media, messages: JSON.parse(thread.body.toString()).messages }
}

test.group('Ops: node ace backup / restore', (group) => {
  let source: AppInstance
  let target: AppInstance
  let work: string
  let archive: string
  const postIds: number[] = []
  let before: Awaited<ReturnType<typeof snapshotContent>>
  let ackedDuringLoad: number[] = []

  group.tap((t) => t.skip(!!INSTANCES_REPEAT_SQLITE, INSTANCES_REPEAT_SQLITE ?? undefined))

  group.setup(async () => {
    if (INSTANCES_REPEAT_SQLITE) return async () => {}
    work = await mkdtemp(join(tmpdir(), 'huddle-backups-'))
    archive = join(work, 'huddle.tar.gz')
    const cleanUp = async () => {
      await source?.destroy()
      await target?.destroy()
      await rm(work, { recursive: true, force: true })
    }
    try {
      source = await createInstance('bksrc')
      await source.migrate()
      await source.seedDemo()
      await source.start()
    } catch (error) {
      // A failed setup hook gets no teardown: nothing may be left behind.
      await cleanUp()
      throw error
    }
    return cleanUp
  })

  test('a backup taken while the app serves restores into a fresh instance that serves the same content', async ({
    assert,
  }) => {
    const ana = new InstanceClient(source)
    await ana.signIn('ana@huddle.test')
    const ben = new InstanceClient(source)
    await ben.signIn('ben@huddle.test')

    // Content with media: two posts with images, a comment with an image, a message with one.
    for (const [index, count] of [2, 1].entries()) {
      const images = await Promise.all(
        Array.from({ length: count }, (_, n) => jpeg(120 + n, 90, n ? '#2a6' : '#c33'))
      )
      const created = await ana.request('POST', '/posts', {
        multipart: imageForm(
          { body: `<p>Backup round trip ${index}</p>`, audience: 'team' },
          'files',
          images
        ),
      })
      assert.equal(created.status, 302)
      postIds.push(Number(created.location!.split('/').pop()))
    }
    const comment = await ben.request('POST', `/posts/${postIds[0]}/comments`, {
      multipart: imageForm({ body: 'Nice photos' }, 'images', [await jpeg(50, 50, '#36c')]),
      accept: 'application/json',
    })
    assert.equal(comment.status, 201)
    const like = await ben.request('POST', `/posts/${postIds[1]}/like`, {
      json: { liked: true },
      accept: 'application/json',
    })
    assert.equal(like.status, 200)
    const message = await ben.request('POST', '/messages/ana', {
      multipart: imageForm({ body: 'The plan, attached' }, 'files', [await jpeg(64, 64, '#963')]),
      accept: 'application/json',
    })
    assert.equal(message.status, 201)
    before = await snapshotContent(ana, postIds, 'ben')
    assert.isAbove(Object.keys(before.media).length, 8)
    assert.lengthOf(before.messages, 1)
    assert.include(JSON.stringify(before.posts[postIds[0]]), 'Backup round trip 0')
    assert.include(JSON.stringify(before.posts[postIds[0]]), 'Nice photos')
    assert.include(JSON.stringify(before.messages), 'The plan, attached')

    // Requests keep being served (reads and writes) for as long as the backup runs.
    let stop = false
    let served = 0
    const acked: number[] = []
    const load = (async () => {
      let n = 0
      while (!stop) {
        n += 1
        const write = await ben.request('POST', '/posts', {
          form: { body: `<p>Written during the backup ${n}</p>`, audience: 'team' },
        })
        if (write.status === 302) acked.push(Number(write.location!.split('/').pop()))
        const read = await ana.request('GET', '/')
        if (read.status === 200) served += 1
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const servedBefore = served
    const backup = await source.ace(['backup', '--output', archive])
    const servedDuring = served - servedBefore
    stop = true
    await load
    ackedDuringLoad = acked
    assert.equal(backup.code, 0, backup.output)
    assert.match(backup.output, /Backup written to/)
    assert.isAbove(servedDuring, 0, 'pages were served while the backup ran')
    assert.isTrue(existsSync(archive))
    assert.isFalse(existsSync(`${archive}.partial`))
    await source.stop()

    // A fresh instance: no tables, no media folder.
    target = await createInstance('bkdst')
    const restore = await target.ace(['restore', archive])
    assert.equal(restore.code, 0, restore.output)
    assert.match(restore.output, /Every counter equals its rows/)

    await target.start()
    const anaAgain = new InstanceClient(target)
    await anaAgain.signIn('ana@huddle.test')
    const after = await snapshotContent(anaAgain, postIds, 'ben')
    assert.deepEqual(after, before)
    for (const value of Object.values(after.media)) assert.match(value, /^200 /)

    // Every post acknowledged before the backup started is there; the
    // snapshot is consistent: the manifest's count is what was restored.
    const restored = await target
      .db()
      .from('posts')
      .whereIn('id', ackedDuringLoad)
      .select('id')
      .orderBy('id')
    const restoredIds = restored.map((row) => Number(row.id))
    assert.isAbove(restoredIds.length, 0)
    assert.deepEqual(restoredIds, ackedDuringLoad.slice(0, restoredIds.length))
    const manifest = JSON.parse(
      await new Promise<string>((resolve, reject) => {
        let text = ''
        tar
          .t({
            file: archive,
            onReadEntry: (entry) => {
              if (entry.path === 'manifest.json') entry.on('data', (chunk) => (text += chunk))
              else entry.resume()
            },
          })
          .then(() => resolve(text), reject)
      })
    )
    const [posts] = await target.db().from('posts').count('* as total')
    assert.equal(Number(posts.total), manifest.counts.posts)
    assert.equal(manifest.dialect, onPostgres() ? 'postgres' : 'sqlite')
    await target.stop()
  }).timeout(180_000)

  test('restore refuses an instance in use, and changes nothing', async ({ assert }) => {
    assert.isTrue(existsSync(archive), 'the round trip ran first')
    const [users] = await target.db().from('users').count('* as total')
    const refused = await target.ace(['restore', archive])
    assert.equal(refused.code, 4, refused.output)
    assert.match(refused.output, /Refusing to restore into an instance in use.*--force/s)
    const [still] = await target.db().from('users').count('* as total')
    assert.equal(Number(still.total), Number(users.total))

    await target.closeDb()
    const forced = await target.ace(['restore', archive, '--force'])
    assert.equal(forced.code, 0, forced.output)
  }).timeout(60_000)

  test('a corrupt, truncated or foreign archive is refused before anything changes', async ({
    assert,
  }) => {
    assert.isTrue(existsSync(archive), 'the round trip ran first')
    const fresh = await createInstance('bkbad')
    try {
      const bytes = await readFile(archive)
      const truncated = join(work, 'truncated.tar.gz')
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
      const cut = await fresh.ace(['restore', truncated])
      assert.equal(cut.code, 2, cut.output)
      assert.match(cut.output, /not a readable backup archive/)

      // One media file changed inside an otherwise valid archive.
      const unpacked = join(work, 'unpacked')
      await rm(unpacked, { recursive: true, force: true })
      await mkdir(unpacked)
      await tar.x({ file: archive, cwd: unpacked })
      const listing = await readFile(join(unpacked, 'media.sha256'), 'utf8')
      const first = listing.split('\n')[0]
      const victim = join(unpacked, first.slice(66))
      await writeFile(victim, Buffer.concat([await readFile(victim), Buffer.from('tampered')]))
      const tampered = join(work, 'tampered.tar.gz')
      await tar.c({ gzip: true, file: tampered, cwd: unpacked }, [
        'manifest.json',
        onPostgres() ? 'database.pgdump' : 'database.sqlite',
        'media.sha256',
        'media',
      ])
      const corrupt = await fresh.ace(['restore', tampered])
      assert.equal(corrupt.code, 2, corrupt.output)
      assert.match(corrupt.output, /does not match its checksum/)

      // The same archive claiming the other database.
      const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'))
      manifest.dialect = onPostgres() ? 'sqlite' : 'postgres'
      await writeFile(join(unpacked, 'manifest.json'), JSON.stringify(manifest))
      const foreign = join(work, 'foreign.tar.gz')
      await tar.c({ gzip: true, file: foreign, cwd: unpacked }, ['manifest.json'])
      const wrong = await fresh.ace(['restore', foreign])
      assert.equal(wrong.code, 3, wrong.output)
      assert.match(wrong.output, onPostgres() ? /of a SQLite database/ : /of a PostgreSQL database/)

      const missing = await fresh.ace(['restore', join(work, 'nowhere.tar.gz')])
      assert.equal(missing.code, 2, missing.output)

      // Nothing was written: no users table, no media.
      assert.isFalse(await fresh.db().schema.hasTable('users'))
    } finally {
      await fresh.destroy()
    }
  }).timeout(60_000)

  test('without pg_dump the backup says what to install and writes nothing', async ({ assert }) => {
    const output = join(work, 'no-pg-dump.tar.gz')
    const result = await source.ace(['backup', '--output', output], { PATH: '/nonexistent' })
    assert.equal(result.code, 5, result.output)
    assert.match(result.output, /pg_dump was not found on PATH.*postgresql-client/s)
    assert.isFalse(existsSync(output))
    assert.isFalse(existsSync(`${output}.partial`))
  })
    .skip(onSqlite(), 'pg_dump backs up PostgreSQL only; SQLite uses its backup API')
    .timeout(60_000)
})
