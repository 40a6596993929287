import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PersonResult } from '#queries/search/search'
import PersonTransformer from '#transformers/person_transformer'

/** A person found by Homepage/Search or listed by the directory (`Data.Search.PersonResult`). */
export default class PersonResultTransformer extends BaseTransformer<PersonResult> {
  toObject() {
    const { person, postsCount, commentsCount } = this.resource
    return { ...new PersonTransformer(person).toObject(), postsCount, commentsCount }
  }
}
