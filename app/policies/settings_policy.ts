import type User from '#models/user'
import { BasePolicy } from '@adonisjs/bouncer'

export default class SettingsPolicy extends BasePolicy {
  view(user: User) {
    return user.role === 'admin'
  }

  update(user: User) {
    return user.role === 'admin'
  }
}
