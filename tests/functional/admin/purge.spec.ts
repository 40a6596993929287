import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import PurgeDeletedAccounts from '../../../commands/purge_deleted_accounts.js'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import {
  clearMemorySessions,
  otherDeviceSession,
  sessionExists,
} from '#tests/functional/profile/memory_sessions'

async function runPurge(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(PurgeDeletedAccounts, args)
  await command.exec()
  command.assertSucceeded()
  return command
}

test.group('Accounts / purge command', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())

  test('accounts past the 30-day grace period are anonymised', async ({ assert }) => {
    const user = await UserFactory.merge({
      bio: 'Private bio',
      deletionRequestedAt: DateTime.now().minus({ days: 31 }),
      deletionReason: 'Leaving',
    }).create()
    const session = await otherDeviceSession(user)
    await User.rememberMeTokens.create(user, '30 days')
    await db.table('password_reset_tokens').insert({
      user_id: user.id,
      token_hash: 'a'.repeat(64),
      expires_at: new Date(Date.now() + 3_600_000),
      created_at: new Date(),
    })

    await runPurge()

    const purged = await User.findOrFail(user.id)
    assert.equal(purged.fullName, 'Deleted user')
    assert.equal(purged.username, `deleted-${user.id}`)
    assert.equal(purged.email, `deleted-${user.id}@invalid`)
    assert.isNull(purged.bio)
    assert.notOk(purged.isActive)
    assert.isNotNull(purged.deletedAt)
    assert.isFalse(await purged.verifyPassword(TEST_PASSWORD))
    assert.isFalse(await sessionExists(session))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)
    assert.lengthOf(await db.from('password_reset_tokens').where('user_id', user.id), 0)
    const log = await db
      .from('audit_logs')
      .where('action', 'account.purge')
      .where('subject_id', user.id)
    assert.lengthOf(log, 1)
    assert.isNull(log[0].actor_id)
  })

  test('accounts still in the grace period and ordinary accounts are left alone', async ({
    assert,
  }) => {
    const recent = await UserFactory.merge({
      deletionRequestedAt: DateTime.now().minus({ days: 29 }),
    }).create()
    const ordinary = await UserFactory.create()
    await runPurge()
    const fresh = await User.findOrFail(recent.id)
    assert.equal(fresh.email, recent.email)
    assert.isNull(fresh.deletedAt)
    const untouched = await User.findOrFail(ordinary.id)
    assert.equal(untouched.email, ordinary.email)
    assert.lengthOf(await db.from('audit_logs'), 0)
  })

  test('running it twice changes nothing the second time', async ({ assert }) => {
    const user = await UserFactory.merge({
      deletionRequestedAt: DateTime.now().minus({ days: 40 }),
    }).create()
    await runPurge()
    const first = await User.findOrFail(user.id)
    await runPurge()
    const second = await User.findOrFail(user.id)
    assert.equal(second.password, first.password)
    assert.equal(second.deletedAt?.toISO(), first.deletedAt?.toISO())
    assert.lengthOf(await db.from('audit_logs').where('action', 'account.purge'), 1)
  })

  test('--dry-run lists the accounts without changing them', async ({ assert }) => {
    const user = await UserFactory.merge({
      deletionRequestedAt: DateTime.now().minus({ days: 31 }),
    }).create()
    const command = await runPurge(['--dry-run'])
    command.assertLogMatches(new RegExp(`Would purge account #${user.id} \\(deletion requested `))
    command.assertLog('[ green(success) ] Would purge 1 account(s).')
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.email, user.email)
    assert.isNull(fresh.deletedAt)
  })
})
