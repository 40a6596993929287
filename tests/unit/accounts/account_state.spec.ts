import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import { accountBlockReason, BLOCK_MESSAGES, landingRoute } from '#services/account_state'

function user(attributes: Partial<User>) {
  const u = new User()
  u.merge({
    role: 'member',
    approvalStatus: 'approved',
    isActive: true,
    emailVerifiedAt: DateTime.now(),
    deletionRequestedAt: null,
    deletedAt: null,
    ...attributes,
  })
  return u
}

test.group('Account state', () => {
  test('an active, approved, verified account may sign in', ({ assert }) => {
    assert.isNull(accountBlockReason(user({})))
  })

  test('each blocked state has its own reason and message', ({ assert }) => {
    const cases: [Partial<User>, string][] = [
      [{ deletedAt: DateTime.now() }, 'deleted'],
      [{ deletionRequestedAt: DateTime.now() }, 'deletion_pending'],
      [{ isActive: false }, 'inactive'],
      [{ role: 'external', approvalStatus: 'rejected' }, 'rejected'],
      [{ role: 'external', approvalStatus: 'pending' }, 'pending_approval'],
      [{ emailVerifiedAt: null }, 'unverified'],
    ]
    for (const [attributes, reason] of cases) {
      const actual = accountBlockReason(user(attributes))
      assert.equal(actual, reason)
      assert.isAbove(BLOCK_MESSAGES[actual!].length, 20)
    }
  })

  test('deletion wins over every other state, so the Reactivate choice is offered', ({
    assert,
  }) => {
    const u = user({ deletionRequestedAt: DateTime.now(), isActive: false, emailVerifiedAt: null })
    assert.equal(accountBlockReason(u), 'deletion_pending')
  })

  test('admins land on the dashboard, members on the team feed, externals on the public feed', ({
    assert,
  }) => {
    assert.equal(landingRoute(user({ role: 'admin' })), 'dashboard')
    assert.equal(landingRoute(user({ role: 'member' })), 'home')
    assert.equal(landingRoute(user({ role: 'external' })), 'feed.public')
  })
})
