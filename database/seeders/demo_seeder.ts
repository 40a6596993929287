import { DateTime } from 'luxon'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import User from '#models/user'
import { saveSettings } from '#services/settings'
import type { ApprovalStatus, Role } from '#enums/role'
import { seedDemoContent } from '#database/seeders/demo_content'
import { repairCounters } from '#services/counter_repair'

export const DEMO_PASSWORD = 'huddle-demo'

interface DemoAccount {
  fullName: string
  username: string
  email: string
  role: Role
  approvalStatus: ApprovalStatus
  bio: string | null
}

/**
 * The demo team a newcomer gets from `npm start`: one admin, five members
 * and an external waiting for approval, all with the password "huddle-demo".
 * `npm start` prints this list.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    fullName: 'Alex Admin',
    username: 'admin',
    email: 'admin@huddle.test',
    role: 'admin',
    approvalStatus: 'approved',
    bio: 'Keeps the lights on.',
  },
  {
    fullName: 'Ana Alvarez',
    username: 'ana',
    email: 'ana@huddle.test',
    role: 'member',
    approvalStatus: 'approved',
    bio: 'Product design.',
  },
  {
    fullName: 'Ben Brooks',
    username: 'ben',
    email: 'ben@huddle.test',
    role: 'member',
    approvalStatus: 'approved',
    bio: 'Backend and coffee.',
  },
  {
    fullName: 'Cara Chen',
    username: 'cara',
    email: 'cara@huddle.test',
    role: 'member',
    approvalStatus: 'approved',
    bio: null,
  },
  {
    fullName: 'Dan Dubois',
    username: 'dan',
    email: 'dan@huddle.test',
    role: 'member',
    approvalStatus: 'approved',
    bio: null,
  },
  {
    fullName: 'Eli Evans',
    username: 'eli',
    email: 'eli@huddle.test',
    role: 'member',
    approvalStatus: 'approved',
    bio: 'Support lead.',
  },
  {
    fullName: 'Eve Example',
    username: 'eve',
    email: 'eve@example.com',
    role: 'external',
    approvalStatus: 'pending',
    bio: null,
  },
]

/**
 * Demo data, never in production. Idempotent: the accounts are created
 * only in an empty database, and the demo feed (database/seeders/
 * demo_content.ts) only when there is no post yet and the demo accounts
 * exist, so it cannot touch a team that is in use.
 */
export default class DemoSeeder extends BaseSeeder {
  static environment = ['development', 'test']

  async run() {
    await this.accounts()
    await seedDemoContent()
    // Every stored counter equals its rows, whatever the steps above wrote
    // (and on a demo instance seeded by an older version): `counters:repair`.
    await repairCounters()
  }

  /** The demo accounts and settings only (test worlds that need people, not a feed). */
  async accounts() {
    const existing = await User.query({ client: this.client }).count('* as total').first()
    if (Number(existing?.$extras.total ?? 0) > 0) return

    await saveSettings({
      teamName: 'Huddle Demo',
      teamAbbreviation: 'HD',
      teamDomains: ['huddle.test'],
      registrationMode: 'open',
    })

    const verifiedAt = DateTime.now()
    await User.createMany(
      DEMO_ACCOUNTS.map((account) => ({
        ...account,
        password: DEMO_PASSWORD,
        isActive: true,
        mustChangePassword: false,
        emailVerifiedAt: verifiedAt,
      })),
      { client: this.client }
    )
  }
}
