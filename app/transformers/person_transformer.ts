import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PersonRecord } from '#queries/people/profiles'
import { avatarUrl, initialsOf } from '#services/media_urls'

/**
 * A person as others see them, wherever they appear (authors of posts and
 * comments, notification actors, conversation partners, search results,
 * likers, the team panel): id, username, name, initials and avatar URL,
 * never an e-mail address. `Data.Person` on the client.
 */
export default class PersonTransformer extends BaseTransformer<PersonRecord> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      initials: initialsOf(user.fullName),
      avatarUrl: avatarUrl(user),
    }
  }
}
