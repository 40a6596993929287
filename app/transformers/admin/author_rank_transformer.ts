import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AuthorRank } from '#queries/admin/dashboard_lists'
import AccountRowTransformer from '#transformers/admin/account_row_transformer'

/** A row of Dashboard/MostUserPosts (`Data.Admin.AuthorRank`). */
export default class AuthorRankTransformer extends BaseTransformer<AuthorRank> {
  toObject() {
    const { rank, user, posts } = this.resource
    return { rank, posts, person: new AccountRowTransformer(user).toObject() }
  }
}
