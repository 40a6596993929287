import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import User from '#models/user'

let sequence = 0

/**
 * Users for tests. Default: an active, verified member with the password
 * "Secret-pass1!". States: admin, external, pending, unverified, inactive,
 * deletionPending, mustChangePassword.
 */
export const TEST_PASSWORD = 'Secret-pass1!'

export const UserFactory = factory
  .define(User, ({ faker }) => {
    sequence += 1
    const first = faker.person.firstName()
    const last = faker.person.lastName()
    return {
      fullName: `${first} ${last}`,
      username: `user${sequence}_${faker.string.alphanumeric(5).toLowerCase()}`,
      email: `user${sequence}.${faker.string.alphanumeric(6).toLowerCase()}@huddle.test`,
      password: TEST_PASSWORD,
      role: 'member' as const,
      approvalStatus: 'approved' as const,
      isActive: true,
      mustChangePassword: false,
      emailVerifiedAt: DateTime.now(),
    }
  })
  .state('admin', (u) => {
    u.role = 'admin'
  })
  .state('external', (u) => {
    u.role = 'external'
    u.email = u.email.replace('@huddle.test', '@example.com')
  })
  .state('pending', (u) => {
    u.role = 'external'
    u.approvalStatus = 'pending'
    u.email = u.email.replace('@huddle.test', '@example.com')
  })
  .state('unverified', (u) => {
    u.emailVerifiedAt = null
  })
  .state('inactive', (u) => {
    u.isActive = false
  })
  .state('deletionPending', (u) => {
    u.deletionRequestedAt = DateTime.now().minus({ days: 1 })
  })
  .state('mustChangePassword', (u) => {
    u.mustChangePassword = true
  })
  .build()
