import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { clearSettingsCache, getSettings } from '#services/settings'
import { decryptSmtpPassword } from '#services/mail_settings'
import { forgetTeamPanel } from '#services/team_panel'
import { setEnv } from '#tests/helpers/env'
import { startSmtpServer } from '#tests/helpers/smtp'
import * as fixtures from '#tests/fixtures/media_files'

const ROUTES = [
  { method: 'put', url: '/admin/settings/uploads' },
  { method: 'put', url: '/admin/settings/mail' },
  { method: 'post', url: '/admin/settings/mail/test' },
] as const

function send(
  client: any,
  route: (typeof ROUTES)[number],
  user: User | null,
  form: Record<string, unknown> = {}
) {
  let request = client[route.method](route.url).withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  return request.form(form)
}

const appSettingsRows = () => db.from('app_settings').orderBy('key')
const auditRows = () => db.from('audit_logs').orderBy('id')

test.group('Admin / system settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    forgetTeamPanel()
    return () => clearSettingsCache()
  })

  test('guest, member and external cannot change uploads, SMTP or send a test mail', async ({
    client,
    assert,
  }) => {
    const member = await UserFactory.create()
    const external = await UserFactory.apply('external').create()
    const form = {
      maxFileMb: 1,
      maxFilesPerPost: 1,
      enabled: true,
      host: 'evil.test',
      port: 25,
      security: 'none',
      to: 'x@example.com',
    }
    for (const route of ROUTES) {
      const guest = await send(client, route, null, form)
      guest.assertStatus(302)
      guest.assertHeader('location', '/login')
      for (const user of [member, external]) {
        const response = await send(client, route, user, form)
        response.assertStatus(403)
      }
    }
    assert.lengthOf(await appSettingsRows(), 0)
    assert.lengthOf(await auditRows(), 0)
  })

  test('admin sees the upload limits and the SMTP form, never a password', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/admin/settings').loginAs(admin).withInertia()
    response.assertStatus(200)
    const { uploads, mail: smtp } = response.inertiaProps as any
    assert.deepEqual(uploads, {
      maxFileMb: 10,
      maxFilesPerPost: 10,
      serverMaxFileMb: 10,
      serverMaxFilesPerPost: 10,
    })
    assert.deepEqual(smtp, {
      enabled: false,
      host: '',
      port: 587,
      username: '',
      security: 'starttls',
      passwordSet: false,
      fallback: env.get('SMTP_HOST') ? 'env-smtp' : 'outbox',
    })
  })
})

test.group('Admin / upload limits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    forgetTeamPanel()
    drive.fake()
    const limit = env.get('MEDIA_MAX_FILE_MB')
    return () => {
      drive.restore()
      setEnv('MEDIA_MAX_FILE_MB', limit)
      clearSettingsCache()
    }
  })

  const uploads = ROUTES[0]

  test('admin lowers the limits: saved, audited, shown to the composer', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const response = await send(client, uploads, admin, { maxFileMb: '2.5', maxFilesPerPost: '3' })
    response.assertStatus(302)
    response.assertHeader('location', '/admin/settings')
    response.assertFlashMessage('success', 'Upload limits saved.')

    const settings = await getSettings()
    assert.equal(settings.uploadMaxFileMb, 2.5)
    assert.equal(settings.uploadMaxFilesPerPost, 3)
    const [log] = await auditRows()
    assert.equal(log.action, 'settings.uploads_update')
    assert.deepEqual(JSON.parse(log.meta).changes, {
      uploadMaxFileMb: { from: null, to: 2.5 },
      uploadMaxFilesPerPost: { from: null, to: 3 },
    })

    const composer = await client.get('/posts/new').loginAs(member).withInertia()
    assert.containsSubset((composer.inertiaProps as any).composer, { maxFiles: 3, maxFileMb: 2.5 })
  })

  test('the limits are enforced on upload: one file too many, one byte too large', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    await send(client, uploads, admin, { maxFileMb: '0.1', maxFilesPerPost: '2' })

    const image = await fixtures.png(8, 8)
    let request = client
      .post('/posts')
      .withCsrfToken()
      .loginAs(member)
      .accept('json')
      .fields({ body: '', audience: 'team' })
    for (let i = 0; i < 3; i++)
      request = request.file(`files[${i}]`, image, { filename: `p${i}.png` })
    const tooMany = await request
    tooMany.assertStatus(422)
    assert.equal(tooMany.body().errors[0].message, 'A post can have at most 2 files; you chose 3.')

    const limit = Math.floor(0.1 * 1024 * 1024)
    const tooLarge = await client
      .post('/posts')
      .withCsrfToken()
      .loginAs(member)
      .accept('json')
      .fields({ body: '', audience: 'team' })
      .file('files[0]', fixtures.pdf(limit + 1), { filename: 'big.pdf' })
    tooLarge.assertStatus(422)
    const perFile = tooLarge.body().errors.find((e: any) => e.field === 'files.0')
    assert.match(perFile.message, /^big\.pdf is [\d.]+ MB; the limit is 0\.1 MB\.$/)
    assert.lengthOf(await db.from('posts'), 0)
    assert.lengthOf(await db.from('media'), 0)

    const atLimit = await client
      .post('/posts')
      .withCsrfToken()
      .loginAs(member)
      .redirects(0)
      .fields({ body: '', audience: 'team' })
      .file('files[0]', fixtures.pdf(limit), { filename: 'exact.pdf' })
    atLimit.assertStatus(302)
    assert.lengthOf(await db.from('media'), 1)
  })

  test('the server maximum bounds the limits; bad input is refused and nothing is written', async ({
    client,
    assert,
  }) => {
    setEnv('MEDIA_MAX_FILE_MB', 5)
    const admin = await UserFactory.apply('admin').create()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { maxFileMb: '6', maxFilesPerPost: '3' },
        'maxFileMb',
        /at most 5 MB, this server's maximum/,
      ],
      [
        { maxFileMb: '2', maxFilesPerPost: '11' },
        'maxFilesPerPost',
        /at most 10 files on this server/,
      ],
      [{ maxFileMb: 'lots', maxFilesPerPost: '3' }, 'maxFileMb', /must be a number of MB/],
      [{ maxFileMb: '0', maxFilesPerPost: '3' }, 'maxFileMb', /at least 0\.1 MB/],
      [{ maxFileMb: '2', maxFilesPerPost: '1.5' }, 'maxFilesPerPost', /whole number/],
      [{ maxFileMb: '2', maxFilesPerPost: '0' }, 'maxFilesPerPost', /at least 1 file/],
      [{ maxFilesPerPost: '3' }, 'maxFileMb', /Enter the largest file size/],
    ]
    for (const [form, field, message] of cases) {
      const response = await send(client, uploads, admin, form)
      response.assertStatus(302)
      const errors = {
        ...(response.flashMessage('inputErrorsBag') ?? {}),
        ...(response.flashMessage('errorsBag') ?? {}),
      }
      assert.match(String(errors[field]), message, JSON.stringify(form))
    }
    assert.lengthOf(await appSettingsRows(), 0)
    assert.lengthOf(await auditRows(), 0)
  })

  test('the server maximum is stored as "no lower limit"', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await send(client, uploads, admin, { maxFileMb: '4', maxFilesPerPost: '4' })
    await send(client, uploads, admin, { maxFileMb: '10', maxFilesPerPost: '10' })
    const settings = await getSettings()
    assert.isNull(settings.uploadMaxFileMb)
    assert.isNull(settings.uploadMaxFilesPerPost)
  })
})

test.group('Admin / SMTP settings and test mail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    clearSettingsCache()
    forgetTeamPanel()
    return () => clearSettingsCache()
  })

  const smtpRoute = ROUTES[1]
  const testRoute = ROUTES[2]

  test('saving the SMTP server: the password is stored encrypted, never sent back, never audited', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await send(client, smtpRoute, admin, {
      enabled: true,
      host: 'smtp.example.com',
      port: '465',
      username: 'huddle',
      password: 'pa55-W0rd!',
      security: 'tls',
    })
    response.assertStatus(302)
    response.assertHeader('location', '/admin/settings')

    const row = await db.from('app_settings').where('key', 'smtp').firstOrFail()
    assert.notInclude(row.value, 'pa55-W0rd!', 'not stored in clear')
    const stored = JSON.parse(row.value)
    assert.containsSubset(stored, {
      host: 'smtp.example.com',
      port: 465,
      username: 'huddle',
      security: 'tls',
    })
    assert.equal(decryptSmtpPassword(stored.password), 'pa55-W0rd!')

    const page = await client.get('/admin/settings').loginAs(admin).withInertia()
    const json = JSON.stringify(page.inertiaProps)
    assert.notInclude(json, 'pa55-W0rd!')
    assert.notInclude(json, stored.password, 'not even encrypted')
    assert.containsSubset((page.inertiaProps as any).mail, {
      enabled: true,
      host: 'smtp.example.com',
      port: 465,
      username: 'huddle',
      security: 'tls',
      passwordSet: true,
    })

    const [log] = await auditRows()
    assert.equal(log.action, 'settings.mail_update')
    assert.notInclude(log.meta, 'pa55-W0rd!')
    assert.notInclude(log.meta, stored.password)
    assert.equal(JSON.parse(log.meta).password, 'changed')
  })

  test('an empty password keeps the stored one; "remove" clears it; disabling removes the server', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const base = {
      enabled: true,
      host: 'smtp.example.com',
      port: '587',
      username: 'huddle',
      security: 'starttls',
    }
    const smtp = async () => {
      const settings = await getSettings()
      return settings.smtp
    }
    await send(client, smtpRoute, admin, { ...base, password: 'first' })
    const first = await smtp()
    await send(client, smtpRoute, admin, { ...base, host: 'mail.example.com', password: '' })
    const kept = await smtp()
    assert.equal(kept!.host, 'mail.example.com')
    assert.isString(first!.password)
    assert.equal(kept!.password, first!.password)
    await send(client, smtpRoute, admin, { ...base, clearPassword: true })
    const cleared = await smtp()
    assert.isNull(cleared!.password)
    await send(client, smtpRoute, admin, { enabled: false, security: 'starttls' })
    assert.isNull(await smtp())
  })

  test('bad SMTP input is refused with a message and nothing is written', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const base = { enabled: true, host: 'smtp.example.com', port: '587', security: 'starttls' }
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...base, host: 'smtp://smtp.example.com' }, 'host', /host name or IP address/],
      [{ ...base, host: 'a b' }, 'host', /host name or IP address/],
      [{ ...base, port: '70000' }, 'port', /between 1 and 65535/],
      [{ ...base, port: 'x' }, 'port', /between 1 and 65535/],
      [{ ...base, security: 'ssl' }, 'security', /TLS, STARTTLS or none/],
      [{ ...base, host: '' }, 'host', /Enter the SMTP server/],
      [{ ...base, password: 'x'.repeat(501) }, 'password', /at most 500/],
    ]
    for (const [form, field, message] of cases) {
      const response = await send(client, smtpRoute, admin, form)
      response.assertStatus(302)
      const errors = {
        ...(response.flashMessage('inputErrorsBag') ?? {}),
        ...(response.flashMessage('errorsBag') ?? {}),
      }
      assert.match(String(errors[field]), message, JSON.stringify(form))
    }
    assert.lengthOf(await appSettingsRows(), 0)
    assert.lengthOf(await auditRows(), 0)
  })

  test('the test mail goes to a real SMTP server and reports its answer', async ({
    client,
    assert,
  }) => {
    const server = await startSmtpServer({ users: { huddle: 's3cret' } })
    try {
      const admin = await UserFactory.apply('admin').create()
      await send(client, smtpRoute, admin, {
        enabled: true,
        host: '127.0.0.1',
        port: String(server.port),
        username: 'huddle',
        password: 's3cret',
        security: 'none',
      })
      const response = await send(client, testRoute, admin, { to: 'ops@example.com' })
      response.assertStatus(302)
      response.assertHeader('location', '/admin/settings')
      assert.match(
        String(response.flashMessage('success')),
        /^Test mail sent to ops@example\.com\. The SMTP server answered: 250 /
      )
      assert.lengthOf(server.received, 1)
      assert.deepEqual(server.received[0].to, ['ops@example.com'])
      assert.equal(server.received[0].user, 'huddle')
      assert.match(server.received[0].raw, /test mail/i)
      const log = await db.from('audit_logs').where('action', 'mail.test').firstOrFail()
      assert.containsSubset(JSON.parse(log.meta), { to: 'ops@example.com', ok: true })
    } finally {
      await server.close()
    }
  })

  test('a refused sign-in, a TLS failure and no server at all are reported, not hidden', async ({
    client,
    assert,
  }) => {
    const plain = await startSmtpServer({ users: { huddle: 's3cret' } })
    const tls = await startSmtpServer({ tls: 'starttls' })
    try {
      const admin = await UserFactory.apply('admin').create()
      const attempt = async (form: Record<string, unknown>) => {
        await send(client, smtpRoute, admin, { enabled: true, host: '127.0.0.1', ...form })
        const response = await send(client, testRoute, admin, { to: 'ops@example.com' })
        response.assertStatus(302)
        assert.isUndefined(response.flashMessage('success'))
        return String(response.flashMessage('errorsBag')?.testMail)
      }
      assert.match(
        await attempt({
          port: String(plain.port),
          username: 'huddle',
          password: 'wrong',
          security: 'none',
        }),
        /^The test mail was not sent\. The SMTP server answered: 535 Authentication failed/
      )
      // STARTTLS with smtp-server's self-signed certificate: refused, as it must be.
      assert.match(
        await attempt({ port: String(tls.port), username: '', security: 'starttls' }),
        /certificate/i
      )
      const closedPort = plain.port
      await plain.close()
      assert.match(
        await attempt({ port: String(closedPort), username: '', security: 'none' }),
        /ECONNREFUSED/
      )
      assert.lengthOf(plain.received, 0)
      assert.lengthOf(tls.received, 0)
    } finally {
      await plain.close().catch(() => {})
      await tls.close()
    }
  })

  test('a test mail without a saved server, or to a bad address, is refused', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const none = await send(client, testRoute, admin, { to: 'ops@example.com' })
    assert.match(String(none.flashMessage('errorsBag')?.testMail), /Save an SMTP server first/)
    const bad = await send(client, testRoute, admin, { to: 'not-an-address' })
    assert.match(String(bad.flashMessage('inputErrorsBag')?.to), /valid e-mail address/)
    assert.lengthOf(await auditRows(), 0)
  })

  test('the app mailer sends through the saved server at send time (queued mails too)', async ({
    client,
    assert,
  }) => {
    const server = await startSmtpServer()
    try {
      const admin = await UserFactory.apply('admin').create()
      await send(client, smtpRoute, admin, {
        enabled: true,
        host: '127.0.0.1',
        port: String(server.port),
        security: 'none',
      })
      const tag = `Smtp-${Date.now()}`
      await mail.sendLater(
        new ResetPasswordNotification(
          { fullName: 'Ana', email: 'ana@huddle.test' },
          'http://localhost/reset/x',
          tag
        )
      )
      assert.lengthOf(server.received, 1)
      assert.deepEqual(server.received[0].to, ['ana@huddle.test'])
      assert.lengthOf(
        await db.from('outbox_messages').where('subject', 'like', `%${tag}%`),
        0,
        'not kept in the outbox'
      )

      // Without a saved server, mails go back to the outbox (development).
      await send(client, smtpRoute, admin, { enabled: false, security: 'none' })
      await mail.sendLater(
        new ResetPasswordNotification(
          { fullName: 'Ana', email: 'ana@huddle.test' },
          'http://localhost/reset/y',
          tag
        )
      )
      assert.lengthOf(server.received, 1)
      if (!env.get('SMTP_HOST')) {
        assert.lengthOf(await db.from('outbox_messages').where('subject', 'like', `%${tag}%`), 1)
      }
    } finally {
      await server.close()
    }
  })
})
