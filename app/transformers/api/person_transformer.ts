import { BaseTransformer } from '@adonisjs/core/transformers'
import { avatarUrl } from '#services/media_urls'

type PersonRecord = { id: number; username: string; fullName: string; avatarKey: string | null }

/**
 * A person as the public API shows them (issue 14): id as a string, name,
 * username and avatar URL only, never an e-mail address.
 */
export default class ApiPersonTransformer extends BaseTransformer<PersonRecord> {
  toObject() {
    const person = this.resource
    return {
      id: String(person.id),
      username: person.username,
      fullName: person.fullName,
      avatarUrl: avatarUrl(person),
    }
  }
}

export function apiPerson(person: PersonRecord | null) {
  return person ? new ApiPersonTransformer(person).toObject() : null
}
