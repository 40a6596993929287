import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PersonResult } from '#queries/search/search'
import { apiPerson } from '#transformers/api/person_transformer'

/**
 * A person of the directory or found by a search, as the public API shows
 * them (the search page's PersonResult): never an e-mail address.
 */
export default class ApiPersonResultTransformer extends BaseTransformer<PersonResult> {
  toObject() {
    const { person, postsCount, commentsCount } = this.resource
    return { ...apiPerson(person)!, postsCount, commentsCount }
  }
}

export function apiPersonResult(result: PersonResult) {
  return new ApiPersonResultTransformer(result).toObject()
}
