import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import Post from '#models/post'
import Media from '#models/media'
import { UserFactory } from '#database/factories/user_factory'
import { makePost } from '#tests/functional/feeds/fixtures'
import { screenshot, watchPageErrors } from '#tests/helpers/browser'
import * as fixtures from '#tests/fixtures/media_files'

// These run inside the page (page.evaluate); the server tsconfig has no DOM types.
declare const window: any
declare const document: any
declare const indexedDB: any

/** In the page: the names of the files kept for the outbox (lib/outbox_files.ts). */
async function keptFiles(): Promise<string[][]> {
  const names = ((await indexedDB.databases()) as { name: string }[]).map((item) => item.name)
  // Opening a database that is not there would create it (without its store).
  if (!names.includes('huddle-outbox-files')) return []
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('huddle-outbox-files')
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const database = request.result
      const all = database.transaction('files', 'readonly').objectStore('files').getAll()
      all.onsuccess = () => {
        database.close()
        resolve(all.result.map((kept: any) => kept.files.map((file: any) => file.name)))
      }
      all.onerror = () => reject(all.error)
    }
  })
}

/**
 * The installable app in the page (issue 15 §1–2). The service worker, the
 * offline page and installability are checked against the production build
 * by `npm run test:e2e-start`; here (Vite dev server): the avatar menu's
 * "Install Huddle" entry, offered only once the browser fires
 * `beforeinstallprompt` (dispatched here: headless Chromium never offers
 * installation), and the push settings with their devices list.
 */
test.group('Browser / installable app and push settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('"Install Huddle" appears in the avatar menu when the browser offers it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()

    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
    assert.equal(await page.getByRole('menuitem', { name: 'Install Huddle' }).count(), 0)
    await page.keyboard.press('Escape')

    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as any
      window.__prompted = 0
      event.prompt = async () => {
        window.__prompted += 1
      }
      event.userChoice = Promise.resolve({ outcome: 'accepted' })
      window.dispatchEvent(event)
    })
    await page.getByTestId('user-menu').click()
    const install = page.getByRole('menuitem', { name: 'Install Huddle' })
    await install.waitFor()
    await screenshot(page, 'pwa-install-menu')
    await install.click()
    await page.waitForFunction(() => window.__prompted === 1)
    // The browser's prompt can be shown once: the entry goes.
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
    assert.equal(await page.getByRole('menuitem', { name: 'Install Huddle' }).count(), 0)
    assert.deepEqual(errors, [])
  })

  test('profile settings: push on/off and removing a device', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await db.table('push_subscriptions').insert({
      user_id: user.id,
      endpoint: 'https://push.example.net/send/one',
      p256dh: 'B' + 'A'.repeat(86),
      auth: 'a'.repeat(22),
      device: 'Firefox on Android',
      created_at: new Date(),
    })
    await browserContext.loginAs(user)
    const page = await visit('/profile')
    const section = page.getByTestId('push-settings')
    await section.getByRole('button', { name: 'Remove Firefox on Android' }).waitFor()
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'pwa-push-settings')

    await section.getByRole('button', { name: 'Turn push off everywhere' }).click()
    await section.getByRole('button', { name: 'Turn push on' }).waitFor()
    const row = await db.from('users').where('id', user.id).select('push_enabled').first()
    assert.isFalse(Boolean(row.push_enabled))

    await section.getByRole('button', { name: 'Remove Firefox on Android' }).click()
    await section.getByText('None yet.').waitFor()
    assert.lengthOf(await db.from('push_subscriptions').where('user_id', user.id), 0)
  })

  test('a composer draft survives a closed tab, is offered back once, and goes when posted', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/posts/new')
    const errors = watchPageErrors(page)
    const editor = page.getByRole('textbox', { name: 'Your post' })
    await editor.click()
    await page.keyboard.type('Half-written thoughts about the release')
    await page.waitForFunction(() =>
      Object.keys(window.localStorage).some((key: string) => key.startsWith('huddle-draft:'))
    )
    await page.close()

    // A new tab: the draft is offered; discarding it forgets it.
    const second = await visit('/posts/new')
    const offer = second.getByTestId('draft-offer')
    await offer.waitFor()
    await screenshot(second, 'pwa-draft-offered')
    await offer.getByRole('button', { name: 'Discard' }).click()
    await offer.waitFor({ state: 'detached' })
    await second.reload()
    await second.getByRole('textbox', { name: 'Your post' }).waitFor()
    assert.equal(await second.getByTestId('draft-offer').count(), 0)

    // Typed again, restored, posted: the draft is gone.
    await second.getByRole('textbox', { name: 'Your post' }).click()
    await second.keyboard.type('Second draft')
    await second.waitForTimeout(600)
    await second.reload()
    await second.getByTestId('draft-offer').getByRole('button', { name: 'Restore draft' }).click()
    const restored = second.getByRole('textbox', { name: 'Your post' })
    await second.waitForFunction(() =>
      document.querySelector('[role="textbox"]')?.textContent?.includes('Second draft')
    )
    assert.include(await restored.textContent(), 'Second draft')
    // The counter counts the restored text at once, not from the next keystroke.
    await second.getByText(/^12 \/ \d+ characters/).waitFor()
    await second.getByRole('button', { name: 'Post', exact: true }).click()
    await second.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname))
    const left = await second.evaluate(() =>
      Object.keys(window.localStorage).filter((key: string) => key.startsWith('huddle-draft:'))
    )
    assert.deepEqual(left, [])
    assert.deepEqual(errors, [])
  })

  test('comment and message drafts are put back in their box, and go once sent', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    const friend = await UserFactory.create()
    const post = await makePost(friend)
    await browserContext.loginAs(user)

    const page = await visit(`/posts/${post.id}`)
    const errors = watchPageErrors(page)
    await page.getByLabel('Write a comment').fill('A comment half written')
    await page.waitForFunction(() =>
      Object.keys(window.localStorage).some((key: string) =>
        key.startsWith('huddle-draft:comment:')
      )
    )
    await page.reload()
    const comment = page.getByLabel('Write a comment')
    await comment.waitFor()
    assert.equal(await comment.inputValue(), 'A comment half written')
    await page.getByRole('button', { name: 'Send comment' }).click()
    await page.getByText('A comment half written').last().waitFor()
    await page.waitForFunction(() =>
      Object.keys(window.localStorage).every((key: string) => !key.startsWith('huddle-draft:'))
    )

    await page.goto(`${page.url().split('/posts')[0]}/messages/${friend.username}`)
    const input = page.getByTestId('message-input')
    await input.fill('See you at')
    await page.waitForFunction(() =>
      Object.keys(window.localStorage).some((key: string) =>
        key.startsWith('huddle-draft:message:')
      )
    )
    await page.reload()
    await input.waitFor()
    assert.equal(await input.inputValue(), 'See you at')
    await screenshot(page, 'pwa-message-draft-restored')
    await input.press('Enter')
    await page.getByTestId('message-body').getByText('See you at').waitFor()
    await page.waitForFunction(() =>
      Object.keys(window.localStorage).every((key: string) => !key.startsWith('huddle-draft:'))
    )
    assert.deepEqual(errors, [])
  })
})

test.group('Browser / the outbox keeps files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('a post with a photo written offline goes once with it; sign-out clears kept files', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    const page = await visit('/posts/new')
    const errors = watchPageErrors(page)
    const posts = async () => Post.query().where('author_id', user.id).orderBy('id')

    const writeOffline = async (text: string, file: string) => {
      await page.getByRole('textbox', { name: 'Your post' }).click()
      await page.keyboard.type(text)
      await page.locator('input[type="file"]').setInputFiles({
        name: file,
        mimeType: 'image/jpeg',
        buffer: await fixtures.jpeg(640, 480, '#228833'),
      })
      await page.getByRole('listitem').filter({ hasText: file }).waitFor()
      await browserContext.setOffline(true)
      await page.getByRole('button', { name: 'Post', exact: true }).click()
      await page
        .getByText(/your post waits in the outbox/)
        .last()
        .waitFor()
    }

    await writeOffline('Written on the train', 'train.jpg')
    assert.deepEqual(await page.evaluate(keptFiles), [['train.jpg']])
    // The form is empty again: the post and its photo wait.
    assert.equal(await page.getByRole('listitem').filter({ hasText: 'train.jpg' }).count(), 0)
    // The shell's note lists what waits, with its files.
    await page.getByTestId('outbox-status').click()
    const list = page.getByTestId('outbox-list')
    await list.getByText('Your post').waitFor()
    assert.match(await list.innerText(), /1 file · written at/)
    assert.include(await list.innerText(), 'goes by itself once you’re back online')
    await screenshot(page, 'pwa-outbox-files-waiting')
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'detached' })
    assert.lengthOf(await posts(), 0)

    // Back online: it goes, with its photo, and the kept copy goes.
    await browserContext.setOffline(false)
    const waitFor = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await done()); i++) await page.waitForTimeout(200)
    }
    await waitFor(async () => {
      const found = await posts()
      return found.length > 0
    })
    await waitFor(async () => {
      const kept = await page.evaluate(keptFiles)
      return kept.length === 0
    })
    assert.deepEqual(await page.evaluate(keptFiles), [])
    // A new load flushes again: nothing is left to send twice.
    await page.reload()
    await page.getByRole('textbox', { name: 'Your post' }).waitFor()
    await page.waitForTimeout(1000)
    const sent = await posts()
    assert.lengthOf(sent, 1)
    assert.include(sent[0].bodyHtml, 'Written on the train')
    const media = await Media.query().where('post_id', sent[0].id)
    assert.lengthOf(media, 1)
    assert.equal(media[0].originalName, 'train.jpg')

    // Another one waits (its sending fails), then the person signs out.
    await page.route('**/posts', (route) => route.abort('internetdisconnected'))
    await writeOffline('Never sent', 'station.jpg')
    await browserContext.setOffline(false)
    await page.waitForTimeout(1000)
    assert.deepEqual(await page.evaluate(keptFiles), [['station.jpg']])
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/posts'))
    assert.deepEqual(await page.evaluate(keptFiles), [])
    const outboxes = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key: string) => key.startsWith('huddle-outbox:'))
    )
    assert.deepEqual(outboxes, [])
    assert.lengthOf(await posts(), 1)
    assert.deepEqual(errors, [])
  }).timeout(120_000)

  test('a browser that will not keep files: the person is told, the post and its photo stay in the form', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    // Private mode, or storage full: IndexedDB refuses.
    await browserContext.addInitScript(() => {
      window.indexedDB.open = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    })
    await browserContext.loginAs(user)
    const page = await visit('/posts/new')
    const errors = watchPageErrors(page)
    await page.getByRole('textbox', { name: 'Your post' }).click()
    await page.keyboard.type('Photos from the offsite')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'offsite.jpg',
      mimeType: 'image/jpeg',
      buffer: await fixtures.jpeg(640, 480, '#884422'),
    })
    await page.getByRole('listitem').filter({ hasText: 'offsite.jpg' }).waitFor()
    await browserContext.setOffline(true)
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page.getByText(/would not keep the files/).waitFor()
    await screenshot(page, 'pwa-outbox-files-refused')
    // Nothing waits; the text and the photo are still in the form.
    const outbox = await page.evaluate(
      (id) => window.localStorage.getItem(`huddle-outbox:${id}`),
      user.id
    )
    assert.isTrue(outbox === null || JSON.parse(outbox).length === 0)
    assert.equal(await page.getByTestId('outbox-status').count(), 0)
    assert.include(
      await page.getByRole('textbox', { name: 'Your post' }).innerText(),
      'Photos from the offsite'
    )
    await page.getByRole('listitem').filter({ hasText: 'offsite.jpg' }).waitFor()

    // Back online, the same form posts it with its photo.
    await browserContext.setOffline(false)
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page.waitForURL(/\/posts\/\d+$/)
    const posts = await Post.query().where('author_id', user.id)
    assert.lengthOf(posts, 1)
    const media = await Media.query().where('post_id', posts[0].id)
    assert.deepEqual(
      media.map((row) => row.originalName),
      ['offsite.jpg']
    )
    assert.deepEqual(errors, [])
  }).timeout(120_000)

  test('offline before the offline module arrived: no error, and it starts once back online', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await browserContext.loginAs(user)
    // lib/offline.ts (loaded after the page's load event) cannot be fetched
    // at first, as when the connection goes just before it arrives.
    let refuse = true
    let refused!: () => void
    const wasRefused = new Promise<void>((resolve) => (refused = resolve))
    await browserContext.route(/\/inertia\/lib\/offline\.ts/, (route) => {
      if (!refuse) return route.continue()
      refused()
      return route.abort('internetdisconnected')
    })
    const page = await visit('/')
    const errors = watchPageErrors(page)
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await wasRefused
    // Everything else the page loads lazily has arrived.
    await page.waitForLoadState('networkidle')
    refuse = false
    // The connection comes back: the module starts and keeps this page's copy.
    await browserContext.setOffline(true)
    await browserContext.setOffline(false)
    await page.waitForFunction(async (name) => {
      const names: string[] = await window.caches.keys()
      const cache = names.includes(name) ? await window.caches.open(name) : null
      return Boolean(cache && (await cache.match('/__offline/page/')))
    }, `huddle-pages-${user.id}`)
    assert.deepEqual(errors, [])
  }).timeout(60_000)

  test('offline before the toasts library arrived, the person is still told the message waits', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await UserFactory.merge({ username: 'toast_friend' }).create()
    await browserContext.loginAs(user)
    // The toasts' library (loaded when the page is idle) never arrives.
    await browserContext.route(/sonner/, (route) => route.abort('internetdisconnected'))
    const page = await visit('/messages/toast_friend')
    const errors = watchPageErrors(page)
    await page.getByTestId('message-input').fill('Written in the lift')
    await browserContext.setOffline(true)
    await page.getByRole('button', { name: 'Send' }).click()
    const shown = page.getByTestId('fallback-toast')
    await shown.filter({ hasText: /your message waits in the outbox/ }).waitFor()
    assert.equal(await shown.getAttribute('role'), 'status')
    await screenshot(page, 'pwa-toast-without-library')
    await shown.getByRole('button', { name: 'Close' }).click()
    await shown.waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  }).timeout(60_000)

  test('a message with a PDF written offline goes once with it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await UserFactory.create()
    await UserFactory.merge({ username: 'outbox_friend' }).create()
    await browserContext.loginAs(user)
    const page = await visit('/messages/outbox_friend')
    const errors = watchPageErrors(page)
    await page.getByTestId('message-input').fill('The agenda, from the tunnel')
    await page.getByTestId('message-files').setInputFiles({
      name: 'agenda.pdf',
      mimeType: 'application/pdf',
      buffer: fixtures.pdf(),
    })
    await browserContext.setOffline(true)
    await page.getByRole('button', { name: 'Send' }).click()
    await page.getByText(/your message waits in the outbox/).waitFor()
    assert.deepEqual(await page.evaluate(keptFiles), [['agenda.pdf']])

    await browserContext.setOffline(false)
    const sent = () => db.from('messages').where('sender_id', user.id)
    for (let i = 0; i < 100; i++) {
      const found = await sent()
      if (found.length) break
      await page.waitForTimeout(200)
    }
    await page.reload()
    await page.getByRole('link', { name: 'agenda.pdf' }).waitFor()
    const rows = await sent()
    assert.lengthOf(rows, 1)
    assert.lengthOf(await Media.query().where('message_id', rows[0].id), 1)
    assert.deepEqual(errors, [])
  }).timeout(60_000)
})
