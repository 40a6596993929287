import type { HttpContext } from '@adonisjs/core/http'
import { mentionSearchValidator } from '#validators/post'
import { searchMentionable } from '#services/mentions'
import PersonTransformer from '#transformers/person_transformer'

/**
 * GET /mentions?q= — the composer's @mention autocomplete: up to 8 people
 * the signed-in author may tag (app/services/mentions.ts), as id, username,
 * name and initials. Never e-mail addresses; nobody for externals.
 */
export default class MentionsController {
  async search({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { q } = await request.validateUsing(mentionSearchValidator, {
      data: request.qs(),
    })
    response.header('Cache-Control', 'private, no-store')
    const people = await searchMentionable(user, q ?? '')
    return { users: people.map((person) => new PersonTransformer(person).toObject()) }
  }
}
