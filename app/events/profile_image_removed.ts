import { BaseEvent } from '@adonisjs/core/events'
import type { EventData } from '#services/events'
import type { ProfileImageKind } from '#services/profile_images'

/**
 * An admin removed someone's avatar or cover for breaking the rules: its
 * owner is told why. Dispatched after the image is gone.
 */
export default class ProfileImageRemoved extends BaseEvent {
  declare readonly userId: number
  declare readonly kind: ProfileImageKind
  declare readonly reason: string

  constructor(data: EventData<ProfileImageRemoved>) {
    super()
    Object.assign(this, data)
  }
}
