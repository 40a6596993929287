import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import hash from '@adonisjs/core/services/hash'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import CreateAdminCommand from '../../../commands/create_admin.js'
import {
  createInstance,
  InstanceClient,
  INSTANCES_REPEAT_SQLITE,
  type AppInstance,
} from '#tests/helpers/app_instance'

/**
 * `node ace admin:create`: the first administrator of an installation
 * (production seeds nobody, and sign-up never makes an admin). The printed
 * link is the only way in: it sets the password, then the account signs in
 * and lands on the admin dashboard.
 */
async function runCreateAdmin(args: string[], answers: Record<string, string> = {}) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(CreateAdminCommand, args)
  for (const [question, answer] of Object.entries(answers)) {
    command.prompt.trap(question).replyWith(answer)
  }
  await command.exec()
  const lines = command.logger.getLogs().map((log) => log.message)
  return { command, lines }
}

// Upper and lower case, a digit, a symbol, not guessable (the reset form's rules).
const NEW_PASSWORD = 'Orchid-Lantern-77?'

test.group('Ops: admin:create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('creates a verified admin and prints the link that sets the password', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { command, lines } = await runCreateAdmin([
      '--full-name=Ada Lovelace',
      '--username=Ada',
      '--email=Ada@Example.com',
    ])
    assert.equal(command.exitCode, 0)

    const admin = await User.findByOrFail('email', 'ada@example.com')
    assert.equal(admin.role, 'admin')
    assert.equal(admin.username, 'ada')
    assert.equal(admin.approvalStatus, 'approved')
    assert.isNotNull(admin.emailVerifiedAt)
    assert.isTrue(admin.mustChangePassword)
    mails.assertNoneSent()

    const link = lines
      .map((line) => /https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]+)\?email=\S+/.exec(line))
      .find(Boolean)
    assert.exists(link, lines.join('\n'))
    const url = new URL(link![0])
    const page = await client.get(url.pathname + url.search).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Auth/ResetPassword')

    const reset = await client
      .post('/reset-password')
      .withCsrfToken()
      .form({
        token: link![1],
        email: admin.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .redirects(0)
    reset.assertHeader('location', '/login')
    await admin.refresh()
    assert.isTrue(await hash.verify(admin.password, NEW_PASSWORD))
    assert.isFalse(admin.mustChangePassword)
  })

  test('asks for what the flags leave out', async ({ assert }) => {
    const { command } = await runCreateAdmin(['--email=grace@example.com'], {
      'Full name': 'Grace Hopper',
      'Username': 'grace',
    })
    assert.equal(command.exitCode, 0)
    const admin = await User.findByOrFail('email', 'grace@example.com')
    assert.equal(admin.fullName, 'Grace Hopper')
    assert.equal(admin.username, 'grace')
    assert.equal(admin.role, 'admin')
  })

  test('bad input: the messages, exit code 1, no account', async ({ assert }) => {
    const taken = await UserFactory.create()
    const before = await User.query().count('* as total').firstOrFail()
    const { command, lines } = await runCreateAdmin([
      '--full-name=X',
      '--username=no spaces',
      `--email=${taken.email}`,
    ])
    assert.equal(command.exitCode, 1)
    const output = lines.join('\n')
    assert.include(output, 'The full name must have at least 2 characters.')
    assert.include(
      output,
      'Usernames may only contain lower-case letters, digits, dots and underscores.'
    )
    assert.include(output, 'This e-mail address is already used by another account.')
    const after = await User.query().count('* as total').firstOrFail()
    assert.equal(after.$extras.total, before.$extras.total)
  })
})

test.group('Ops: admin:create in production, from the build', (group) => {
  group.tap((t) => t.skip(!!INSTANCES_REPEAT_SQLITE, INSTANCES_REPEAT_SQLITE ?? undefined))
  let instance: AppInstance | null = null
  group.each.teardown(async () => {
    await instance?.destroy()
    instance = null
  })

  test('the first administrator of an empty instance signs in through the printed link', async ({
    assert,
  }) => {
    // `node build/ace.js admin:create` as docs/deploying.md shows it: its own
    // process (no HTTP server, so no routes committed), NODE_ENV=production.
    instance = await createInstance('firstadmin')
    await instance.migrate()
    const created = await instance.ace([
      'admin:create',
      '--full-name=Ada Lovelace',
      '--username=ada',
      '--email=ada@example.com',
    ])
    assert.equal(created.code, 0, created.output)
    const link = /(https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]+)\?email=\S+)/.exec(
      created.output
    )
    assert.exists(link, created.output)
    const url = new URL(link![1])
    assert.equal(url.origin, instance.origin)

    // The same again: refused, nothing written.
    const again = await instance.ace([
      'admin:create',
      '--full-name=Ada Lovelace',
      '--username=ada',
      '--email=ada@example.com',
    ])
    assert.equal(again.code, 1)
    assert.include(again.output, 'This e-mail address is already used by another account.')

    await instance.start()
    const ada = new InstanceClient(instance)
    const page = await ada.page(url.pathname + url.search)
    assert.equal(page.component, 'Auth/ResetPassword')
    const reset = await ada.request('POST', '/reset-password', {
      form: {
        token: link![2],
        email: 'ada@example.com',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    })
    assert.equal(reset.location, '/login')
    await ada.signIn('ada@example.com', NEW_PASSWORD)
    const home = await ada.page('/admin')
    assert.equal(home.component, 'Dashboard')
  }).timeout(180_000)
})
