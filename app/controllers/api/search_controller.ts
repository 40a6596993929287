import type { HttpContext } from '@adonisjs/core/http'
import { searchPeople, searchPosts } from '#queries/search/search'
import { searchTerms } from '#queries/search/search_terms'
import { isTeamMember } from '#services/account_state'
import { ApiProblem } from '#services/api/problem'
import { sendPage } from '#services/api/responses'
import { apiDirectoryValidator, apiPostSearchValidator } from '#validators/api'
import { apiPersonResult } from '#transformers/api/person_result_transformer'
import ApiPostResultTransformer from '#transformers/api/post_result_transformer'

/**
 * The people directory and the posts search through the public API: the
 * queries of the search page (Homepage/Search), with its rules: the
 * directory is the team's (externals, who see no people there, get 403);
 * posts by THE visibility rule.
 */
export default class ApiSearchController {
  /** GET /api/v1/people?q=&sort=&cursor=: the directory, or the people matching `q`. */
  async people(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (!isTeamMember(user)) {
      throw new ApiProblem(403, 'The people directory is for team members.')
    }
    const { q, sort, cursor } = await ctx.request.validateUsing(apiDirectoryValidator, {
      data: ctx.request.qs(),
    })
    const words = q ?? ''
    // Matches are listed by name, as on the search page.
    const page = await searchPeople(user, words, words ? 'name' : (sort ?? 'name'), cursor)
    return sendPage(ctx, page.data.map(apiPersonResult), page.nextCursor)
  }

  /** GET /api/v1/search/posts?q=&cursor=: posts the owner may see with every word of `q`. */
  async posts(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { q, cursor } = await ctx.request.validateUsing(apiPostSearchValidator, {
      data: ctx.request.qs(),
    })
    const terms = searchTerms(q)
    const page = await searchPosts(user, terms, cursor)
    return sendPage(
      ctx,
      page.data.map((post) => new ApiPostResultTransformer(post, terms).toObject()),
      page.nextCursor
    )
  }
}
