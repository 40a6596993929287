import { test } from '@japa/runner'
import SettingsPolicy from '#policies/settings_policy'
import User from '#models/user'

function userWithRole(role: User['role']) {
  const user = new User()
  user.role = role
  return user
}

test.group('SettingsPolicy', () => {
  test('only admins may view and change the team settings', ({ assert }) => {
    const policy = new SettingsPolicy()
    assert.isTrue(policy.view(userWithRole('admin')))
    assert.isTrue(policy.update(userWithRole('admin')))
    for (const role of ['member', 'external'] as const) {
      assert.isFalse(policy.view(userWithRole(role)))
      assert.isFalse(policy.update(userWithRole(role)))
    }
  })
})
