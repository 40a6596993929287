import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import UserPolicy from '#policies/user_policy'
import { UserFactory } from '#database/factories/user_factory'

const policy = () => new UserPolicy()

test.group('UserPolicy / the last admin', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Factories hash passwords with scrypt: slower than the unit suite's 5 s default on a busy machine.
  group.each.timeout(20_000)

  test('the only active admin cannot delete their own account', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    assert.isFalse(await policy().deleteSelf(admin))
  })

  test('an admin can delete their own account when another active admin remains', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').create()
    assert.isTrue(await policy().deleteSelf(admin))
  })

  test('inactive, deletion-pending and deleted admins do not count as remaining admins', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').apply('inactive').create()
    await UserFactory.apply('admin').apply('deletionPending').create()
    await UserFactory.apply('admin').merge({ deletedAt: DateTime.now() }).create()
    assert.isFalse(await policy().deleteSelf(admin))
  })

  test('members and externals can always delete their own account', async ({ assert }) => {
    await UserFactory.apply('admin').create()
    assert.isTrue(await policy().deleteSelf(await UserFactory.create()))
    assert.isTrue(await policy().deleteSelf(await UserFactory.apply('external').create()))
  })

  test('an admin cannot demote themself', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').create()
    assert.isFalse(await policy().changeRole(admin, admin, 'member'))
  })

  test('keeping an admin an admin is always allowed', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    assert.isTrue(await policy().changeRole(admin, admin, 'admin'))
  })

  test('an admin can demote another admin while an active admin remains', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const other = await UserFactory.apply('admin').create()
    assert.isTrue(await policy().changeRole(admin, other, 'member'))
  })

  test('the last active admin cannot be demoted, even by another admin account', async ({
    assert,
  }) => {
    // The acting account is an admin that no longer counts (blocked): the
    // target is then the last active admin.
    const blockedAdmin = await UserFactory.apply('admin').apply('inactive').create()
    const lastAdmin = await UserFactory.apply('admin').create()
    assert.isFalse(await policy().changeRole(blockedAdmin, lastAdmin, 'member'))
  })

  test('members cannot change roles', async ({ assert }) => {
    const member = await UserFactory.create()
    const other = await UserFactory.create()
    assert.isFalse(await policy().changeRole(member, other, 'admin'))
  })

  test('an admin cannot deactivate themself', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').create()
    assert.isFalse(await policy().deactivate(admin, admin))
  })

  test('the last active admin cannot be deactivated', async ({ assert }) => {
    const blockedAdmin = await UserFactory.apply('admin').apply('inactive').create()
    const lastAdmin = await UserFactory.apply('admin').create()
    assert.isFalse(await policy().deactivate(blockedAdmin, lastAdmin))
  })

  test('an admin can deactivate a member or another admin while one remains', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const other = await UserFactory.apply('admin').create()
    assert.isTrue(await policy().deactivate(admin, await UserFactory.create()))
    assert.isTrue(await policy().deactivate(admin, other))
  })

  test('an admin cannot delete themself from the back office', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').create()
    assert.isFalse(await policy().delete(admin, admin))
  })

  test('the last active admin cannot be deleted', async ({ assert }) => {
    const blockedAdmin = await UserFactory.apply('admin').apply('inactive').create()
    const lastAdmin = await UserFactory.apply('admin').create()
    assert.isFalse(await policy().delete(blockedAdmin, lastAdmin))
  })

  test('members cannot deactivate or delete anyone', async ({ assert }) => {
    const member = await UserFactory.create()
    const other = await UserFactory.create()
    assert.isFalse(await policy().deactivate(member, other))
    assert.isFalse(await policy().delete(member, other))
  })
})

test.group('UserPolicy / approvals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Factories hash passwords with scrypt: slower than the unit suite's 5 s default on a busy machine.
  group.each.timeout(20_000)

  test('an admin may decide on a pending external', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    assert.isTrue(policy().approve(admin, await UserFactory.apply('pending').create()))
  })

  test('an approved external is not approvable again', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    assert.isFalse(policy().approve(admin, await UserFactory.apply('external').create()))
  })

  test('a rejected external is not approvable', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const rejected = await UserFactory.apply('external')
      .merge({ approvalStatus: 'rejected' })
      .create()
    assert.isFalse(policy().approve(admin, rejected))
  })

  test('a member is not approvable', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    assert.isFalse(policy().approve(admin, await UserFactory.create()))
  })

  test('a purged pending external is not approvable', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const purged = await UserFactory.apply('pending').merge({ deletedAt: DateTime.now() }).create()
    assert.isFalse(policy().approve(admin, purged))
  })

  test('a member cannot approve anyone', async ({ assert }) => {
    const member = await UserFactory.create()
    assert.isFalse(policy().approve(member, await UserFactory.apply('pending').create()))
  })
})

test.group('UserPolicy / admin people pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(20_000)

  test('nobody blocks or changes the role of themself', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').create()
    const block = await policy().block(admin, admin)
    assert.notStrictEqual(block, true)
    const role = await policy().updateRole(admin, admin, 'member')
    assert.notStrictEqual(role, true)
    assert.notStrictEqual(policy().resetPassword(admin, admin), true)
    assert.notStrictEqual(policy().signOut(admin, admin), true)
  })

  test('the last active admin can be neither blocked nor demoted, by anyone', async ({
    assert,
  }) => {
    const last = await UserFactory.apply('admin').create()
    // An actor who does not count as an active admin (blocked) — the only way
    // another account could act on the last one.
    const actor = await UserFactory.apply('admin').apply('inactive').create()
    assert.notStrictEqual(await policy().block(actor, last), true)
    assert.notStrictEqual(await policy().updateRole(actor, last, 'member'), true)
    // With a second active admin, both are allowed.
    await UserFactory.apply('admin').create()
    assert.isTrue(await policy().block(actor, last))
    assert.isTrue(await policy().updateRole(actor, last, 'member'))
  })

  test('members and externals may do none of it', async ({ assert }) => {
    const member = await UserFactory.create()
    const target = await UserFactory.create()
    assert.isFalse(await policy().block(member, target))
    assert.isFalse(await policy().updateRole(member, target, 'admin'))
    assert.isFalse(policy().resetPassword(member, target))
    assert.isFalse(policy().signOut(member, target))
    assert.isFalse(policy().manage(member, target))
  })
})
