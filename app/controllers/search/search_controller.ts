import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import {
  DIRECTORY_SORTS,
  searchPeople,
  searchPosts,
  type DirectorySort,
  type Page,
} from '#queries/search/search'
import { MAX_QUERY_LENGTH, searchTerms } from '#queries/search/search_terms'
import { isTeamMember } from '#services/account_state'
import PostResultTransformer from '#transformers/search/post_result_transformer'
import PersonResultTransformer from '#transformers/search/person_result_transformer'

/** The query-string parameter of the people list's cursor (posts use `cursor`). */
export const PEOPLE_CURSOR_PARAM = 'people_cursor'

/**
 * GET /search?q=&sort= (Homepage/Search). Two scroll props, each paged by
 * its own cursor as a partial reload: `people` (people_cursor) and `posts`
 * (cursor). With an empty query `people` is the team directory in `sort`
 * order and `posts` is empty. Externals are not part of the team: they get
 * no people (as the team panel), only the posts they may see.
 */
export default class SearchController {
  async index(ctx: HttpContext) {
    const { request, inertia } = ctx
    const user = ctx.auth.getUserOrFail()
    const rawQ = request.input('q')
    const q = typeof rawQ === 'string' ? rawQ.trim().slice(0, MAX_QUERY_LENGTH) : ''
    const rawSort = request.input('sort')
    const sort: DirectorySort = DIRECTORY_SORTS.includes(rawSort) ? rawSort : 'name'
    const showPeople = isTeamMember(user)
    const terms = searchTerms(q)

    return inertia.render('Homepage/Search', {
      q,
      sort,
      showPeople,
      people: this.scroll(ctx, PEOPLE_CURSOR_PARAM, async (cursor) => {
        if (!showPeople) return this.empty()
        const page = await searchPeople(user, q, q ? 'name' : sort, cursor)
        return {
          ...page,
          data: page.data.map((person) => new PersonResultTransformer(person).toObject()),
        }
      }),
      posts: this.scroll(ctx, 'cursor', async (cursor) => {
        if (!q) return this.empty()
        const page = await searchPosts(user as User, terms, cursor)
        return {
          ...page,
          data: page.data.map((post) => new PostResultTransformer(post, terms).toObject()),
        }
      }),
    })
  }

  private async empty(): Promise<Page<never>> {
    return { data: [], cursor: null, nextCursor: null }
  }

  private scroll<T extends { id: number }>(
    { inertia, request }: HttpContext,
    param: string,
    load: (cursor: unknown) => Promise<Page<T>>
  ) {
    const raw = request.input(param)
    return (
      inertia
        .scroll(
          () => load(raw),
          (value) => ({
            pageName: param,
            currentPage: value.cursor,
            nextPage: value.nextCursor,
            previousPage: null,
          })
        )
        // Every item of both lists has a numeric id (generic T cannot prove it to the helper's type).
        .matchOn('id' as never)
    )
  }
}
