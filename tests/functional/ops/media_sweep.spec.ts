import { utimes } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { makeMedia, storedFiles, storedPath } from '#tests/functional/posts/_support'
import SweepMedia from '../../../commands/sweep_media.js'
import { PostFactory } from '#database/factories/post_factory'

/**
 * `node ace media:sweep` and the hourly sweep (app/services/media_sweep.ts):
 * files no row references, older than the grace period, are deleted;
 * referenced files (media variants, avatars in both sizes, covers), young
 * files (an upload in flight) and files outside the app's folders stay (only media/, avatars/ and covers/ are scanned).
 */
async function runSweep(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(SweepMedia, args)
  await command.exec()
  return command
}

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000)

async function put(key: string, old: boolean) {
  await drive.use().put(key, Buffer.from(key))
  if (old) await utimes(storedPath(key), TWO_HOURS_AGO, TWO_HOURS_AGO)
}

test.group('Ops: media:sweep', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('deletes old unreferenced files only', async ({ assert }) => {
    const user = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: user.id }).create()
    const media = await makeMedia(post, Buffer.from('kept'))
    await utimes(storedPath(media.fileKey), TWO_HOURS_AGO, TWO_HOURS_AGO)
    const avatar = 'avatars/2026/11/0d5c6a1e-1111-4222-8333-944445555666-256.webp'
    const cover = 'covers/2026/11/0d5c6a1e-1111-4222-8333-944445555777.webp'
    await db.from('users').where('id', user.id).update({ avatar_key: avatar, cover_key: cover })
    for (const key of [avatar, avatar.replace('-256.webp', '-96.webp'), cover]) {
      await put(key, true)
    }
    await put('media/2026/11/orphan-of-a-killed-upload.jpg', true)
    await put('media/2026/11/orphan-of-a-killed-upload-thumb.webp', true)
    await put('avatars/2026/11/replaced-avatar-96.webp', true)
    await put('media/2026/11/upload-in-flight.jpg', false)
    await put('elsewhere/not-ours.txt', true)

    const dry = await runSweep(['--dry-run'])
    dry.assertSucceeded()
    dry.assertLogMatches(/8 file\(s\) scanned, 3 orphan\(s\)\.$/, 'stdout')
    assert.lengthOf(storedFiles(), 9)

    const real = await runSweep()
    real.assertSucceeded()
    real.assertLogMatches(/Deleted media\/2026\/11\/orphan-of-a-killed-upload\.jpg$/, 'stdout')
    real.assertLogMatches(/8 file\(s\) scanned, 3 orphan\(s\), 3 deleted\.$/, 'stdout')
    assert.deepEqual(
      storedFiles(),
      [
        avatar.replace('-256.webp', '-96.webp'),
        avatar,
        cover,
        'elsewhere/not-ours.txt',
        media.fileKey,
        'media/2026/11/upload-in-flight.jpg',
      ].sort()
    )

    // With every process stopped, an operator may sweep without the grace period.
    const now = await runSweep(['--older-than=0'])
    now.assertSucceeded()
    assert.notInclude(storedFiles(), 'media/2026/11/upload-in-flight.jpg')
    assert.include(storedFiles(), media.fileKey)
  })

  test('a negative grace period is refused', async () => {
    const command = await runSweep(['--older-than=-5'])
    command.assertFailed()
    command.assertLogMatches(/--older-than takes a number of minutes, 0 or more\.$/, 'stderr')
  })
})
