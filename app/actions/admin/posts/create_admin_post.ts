import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { PostAudience } from '#models/post'
import type User from '#models/user'
import CreatePost from '#actions/posts/create_post'
import SetAnnouncement from '#actions/admin/posts/set_announcement'

export interface AdminPostInput {
  body?: string | null
  audience: PostAudience
  files: MultipartFile[]
  announcement: boolean
}

/**
 * An admin's new post (Posts/Form): through the same action as the member
 * composer (CreatePost: sanitising, media pipeline, mentions, counters);
 * `announcement` marks it as one to all members.
 */
export default class CreateAdminPost {
  async handle(admin: User, input: AdminPostInput) {
    const post = await new CreatePost().handle({
      author: admin,
      body: input.body,
      audience: input.audience,
      files: input.files,
    })
    if (input.announcement) await new SetAnnouncement().handle(admin, post, true)
    return post
  }
}
