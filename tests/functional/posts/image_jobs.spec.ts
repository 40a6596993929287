import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import { imageJobStats, imageSlots, resetImageJobPeak } from '#services/image_jobs'
import { MAX_INPUT_PIXELS } from '#services/media_storage'
import { member, postsGroup } from './_support.js'

/**
 * Issue 16 item 10: images are decoded and re-encoded in a bounded queue
 * (app/services/image_jobs.ts), so six large uploads at once cannot take
 * every core and thread pool slot from the other requests. A 50-megapixel
 * image (the limit) is processed, the event loop keeps answering meanwhile,
 * and at most `imageSlots()` images are ever processed at once.
 */
function upload(client: ApiClient, user: User, name: string, contents: Buffer) {
  return client
    .post('/posts')
    .loginAs(user)
    .withCsrfToken()
    .redirects(0)
    .fields({ body: '', audience: 'team' })
    .file('files[0]', contents, { filename: name })
}

test.group('Posts / image processing queue', (group) => {
  postsGroup(group)

  test('concurrent image uploads are processed at most imageSlots() at a time', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const picture = await fixtures.jpeg(1800, 1400, '#48c')
    resetImageJobPeak()
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(client, user, `photo-${i}.jpg`, picture))
    )
    for (const response of responses) response.assertStatus(302)
    const stats = imageJobStats()
    assert.equal(stats.slots, imageSlots())
    // Every upload went through the queue, never more at once than its slots.
    assert.isAtLeast(stats.peak, 1)
    assert.isAtMost(stats.peak, stats.slots)
    assert.equal(stats.active, 0)
    assert.equal(stats.pending, 0)
    const media = await db.from('media').count('* as total').first()
    assert.equal(Number(media.total), 4)
  }).timeout(60_000)

  test('a 50-megapixel image is processed in a queue slot while other requests are answered', async ({
    client,
    assert,
  }) => {
    const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS))
    assert.isAtMost(side * side, MAX_INPUT_PIXELS)
    const big = await fixtures.jpeg(side, side, '#6a4')
    const user = await member()
    resetImageJobPeak()
    let uploaded = 0
    const uploading = upload(client, user, 'big.jpg', big).then((response) => {
      uploaded = Date.now()
      return response
    })
    // While it is decoded, another request is answered (the JavaScript thread is free).
    while (imageJobStats().active === 0 && !uploaded) await new Promise((r) => setTimeout(r, 10))
    const other = await client.get('/login').redirects(0)
    const answered = Date.now()
    other.assertStatus(200)
    const response = await uploading
    assert.isBelow(answered, uploaded, 'the other request was answered before the upload finished')
    response.assertStatus(302)
    const row = await db.from('media').select('width', 'height').first()
    assert.deepEqual([row.width, row.height], [side, side])
    assert.equal(imageJobStats().peak, 1)
  }).timeout(60_000)
})
