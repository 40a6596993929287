import { test } from '@japa/runner'
import { shellFor } from '../../../inertia/lib/shell.js'

test.group('Client shell selection', () => {
  test('visitors who are not signed in always get the guest shell', ({ assert }) => {
    for (const page of ['Welcome', 'Auth/Login', 'Errors/NotFound', 'Home', 'Dashboard']) {
      assert.equal(shellFor(page, null), 'guest', page)
    }
  })

  test('sign-in family pages use the guest shell even when signed in', ({ assert }) => {
    for (const page of [
      'Auth/ConfirmPassword',
      'Auth/VerifyEmail',
      'Welcome',
      'Users/RegisterSuccess',
    ]) {
      assert.equal(shellFor(page, 'member'), 'guest', page)
    }
  })

  test('admins get the admin shell on back-office pages', ({ assert }) => {
    const pages = [
      'Dashboard',
      'Dashboard/MostLikedPosts',
      'Settings/AppSetting',
      'Users/UserList',
      'Users/AdminForm',
      'Users/PublicUserList',
      'PostModerations/Index',
      'PostModerations/IndexST',
      'Reports/Index',
      'Reports/Show',
      'Posts/Index',
      'Profile/Index',
      'Profile/Photos',
      'Profile/Cover',
      'Profile/UserEdit',
      'AuditLog/Index',
      'Jobs/Failed',
    ]
    for (const page of pages) assert.equal(shellFor(page, 'admin'), 'admin', page)
  })

  test('admins get the member shell on member pages', ({ assert }) => {
    for (const page of [
      'Home',
      'Homepage/PostDetail',
      'Messages/Index',
      'Profile/Edit',
      'DashboardX',
    ]) {
      assert.equal(shellFor(page, 'admin'), 'member', page)
    }
  })

  test('members and externals never get the admin shell', ({ assert }) => {
    for (const role of ['member', 'external'] as const) {
      assert.equal(shellFor('Dashboard', role), 'member')
      assert.equal(shellFor('Settings/AppSetting', role), 'member')
      assert.equal(shellFor('Home', role), 'member')
    }
  })

  test('error pages keep the shell of the signed-in visitor', ({ assert }) => {
    assert.equal(shellFor('Errors/NotFound', 'member'), 'member')
    assert.equal(shellFor('Errors/Forbidden', 'external'), 'member')
  })
})
