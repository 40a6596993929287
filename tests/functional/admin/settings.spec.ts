import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { clearSettingsCache, getSettings, saveSettings } from '#services/settings'

const valid = {
  teamName: 'Acme Robotics',
  teamAbbreviation: 'ACME',
  teamDomains: 'Acme.com\n@mail.acme.com, acme.com',
  registrationMode: 'team_domain',
}

test.group('Admin / settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Rolled-back rows must not survive in the in-memory settings cache.
  group.each.setup(() => clearSettingsCache())
  group.each.teardown(() => clearSettingsCache())

  test('guest is sent to the sign-in page', async ({ client }) => {
    const response = await client.get('/admin/settings').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member gets the 403 page and cannot save', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const page = await client.get('/admin/settings').loginAs(member).withInertia()
    page.assertStatus(403)
    const save = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(member)
      .form(valid)
      .withInertia()
    save.assertStatus(403)
    assert.lengthOf(await db.from('app_settings'), 0)
  })

  test('admin sees the current settings', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    await saveSettings({ teamName: 'Initech', teamDomains: ['initech.com'] })
    const response = await client.get('/admin/settings').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Settings/AppSetting')
    response.assertInertiaPropsContains({
      settings: {
        teamName: 'Initech',
        teamAbbreviation: 'Huddle',
        teamDomains: ['initech.com'],
        registrationMode: 'open',
      },
      maxDomains: 20,
    })
  })

  test('admin saves the settings: domains lower-cased and de-duplicated, audit row, cache cleared', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await getSettings() // prime the cache
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form(valid)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/settings')
    response.assertFlashMessage('success', 'Settings saved.')

    const settings = await getSettings()
    assert.deepEqual(settings, {
      teamName: 'Acme Robotics',
      teamAbbreviation: 'ACME',
      teamDomains: ['acme.com', 'mail.acme.com'],
      registrationMode: 'team_domain',
      // The upload limits and the SMTP server have forms of their own (system_settings.spec.ts).
      uploadMaxFileMb: null,
      uploadMaxFilesPerPost: null,
      smtp: null,
      // Not in the form: unchanged (Admin moderation / moderation policy tests it).
      moderationPolicy: 'public',
      // Not sent: unchanged (the notification settings tests below).
      announcementsUnmutable: false,
      weeklyDigest: false,
    })
    const log = await db.from('audit_logs').where('action', 'settings.update').firstOrFail()
    assert.equal(log.actor_id, admin.id)
    assert.deepEqual(JSON.parse(log.meta).changes, {
      teamName: { from: 'Huddle', to: 'Acme Robotics' },
      teamAbbreviation: { from: 'Huddle', to: 'ACME' },
      teamDomains: { from: [], to: ['acme.com', 'mail.acme.com'] },
      registrationMode: { from: 'open', to: 'team_domain' },
    })
  })

  test('the audit row lists only the keys that changed', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form({
        teamName: 'Renamed',
        teamAbbreviation: 'Huddle',
        teamDomains: '',
        registrationMode: 'open',
      })
      .redirects(0)
    const log = await db.from('audit_logs').where('action', 'settings.update').firstOrFail()
    assert.deepEqual(JSON.parse(log.meta).changes, { teamName: { from: 'Huddle', to: 'Renamed' } })
  })

  test('invalid domains are refused and nothing is saved', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form({ ...valid, teamDomains: 'acme.com\nhttp://evil.com\nlocalhost' })
      .redirects(0)
    assert.match(
      String(response.flashMessage('inputErrorsBag').teamDomains),
      /not valid domain names: "http:\/\/evil\.com", "localhost"/
    )
    assert.lengthOf(await db.from('app_settings'), 0)
    assert.lengthOf(await db.from('audit_logs'), 0)
  })

  test('more than 20 domains are refused', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const domains = Array.from({ length: 21 }, (_, i) => `d${i}.example.com`).join(',')
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form({ ...valid, teamDomains: domains })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').teamDomains, [
      'Enter at most 20 domains (you entered 21).',
    ])
    assert.lengthOf(await db.from('app_settings'), 0)
  })

  test('empty names, a long abbreviation and an unknown mode are refused', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form({
        teamName: '   ',
        teamAbbreviation: 'ABCDEFGHIJKLM',
        teamDomains: '',
        registrationMode: 'everyone',
      })
      .redirects(0)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.teamName, ['The team name is required.'])
    assert.deepEqual(errors.teamAbbreviation, [
      'The team abbreviation must not be longer than 12 characters.',
    ])
    assert.deepEqual(errors.registrationMode, ['Choose one of the offered registration modes.'])
    assert.lengthOf(await db.from('app_settings'), 0)
  })

  test('team-domain-only registration needs at least one domain', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .form({ ...valid, teamDomains: '' })
      .redirects(0)
    assert.match(
      String(response.flashMessage('errorsBag').teamDomains),
      /Add at least one team e-mail domain/
    )
    assert.lengthOf(await db.from('app_settings'), 0)
  })
  test('admin turns "announcements cannot be muted" and the weekly digest on, then off', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await client.get('/admin/settings').loginAs(admin).withInertia()
    page.assertInertiaPropsContains({
      settings: { announcementsUnmutable: false, weeklyDigest: false },
    })

    const on = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .json({ ...valid, announcementsUnmutable: true, weeklyDigest: true })
      .redirects(0)
    on.assertStatus(302)
    let settings = await getSettings()
    assert.isTrue(settings.announcementsUnmutable)
    assert.isTrue(settings.weeklyDigest)
    const log = await db.from('audit_logs').where('action', 'settings.update').firstOrFail()
    assert.deepInclude(JSON.parse(log.meta).changes, {
      announcementsUnmutable: { from: false, to: true },
      weeklyDigest: { from: false, to: true },
    })
    const shown = await client.get('/admin/settings').loginAs(admin).withInertia()
    shown.assertInertiaPropsContains({
      settings: { announcementsUnmutable: true, weeklyDigest: true },
    })

    await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .json({ ...valid, announcementsUnmutable: false, weeklyDigest: false })
      .redirects(0)
    settings = await getSettings()
    assert.isFalse(settings.announcementsUnmutable)
    assert.isFalse(settings.weeklyDigest)
  })

  test('a member cannot turn "announcements cannot be muted" on', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(member)
      .json({ ...valid, announcementsUnmutable: true })
      .withInertia()
    response.assertStatus(403)
    const settings = await getSettings()
    assert.isFalse(settings.announcementsUnmutable)
  })

  test('a notification setting that is not on or off is refused, nothing saved', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .put('/admin/settings')
      .withCsrfToken()
      .loginAs(admin)
      .json({ ...valid, announcementsUnmutable: 'sometimes', weeklyDigest: [1] })
      .redirects(0)
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.announcementsUnmutable, [
      'The "announcements cannot be muted" setting must be on or off.',
    ])
    assert.deepEqual(errors.weeklyDigest, ['The weekly digest setting must be on or off.'])
    assert.lengthOf(await db.from('app_settings'), 0)
  })
})
