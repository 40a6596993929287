import type { HttpContext } from '@adonisjs/core/http'
import PostPolicy from '#policies/post_policy'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import DeletePost from '#actions/posts/delete_post'
import SharePost from '#actions/posts/share_post'
import { createPostValidator, sharePostValidator, updatePostValidator } from '#validators/post'
import { findPostCard } from '#queries/feeds/post_cards'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { postWithKey } from '#queries/feeds/client_keys'
import { audit } from '#services/audit'
import { uploadedFiles } from '#services/http/requests'
import { createOnce, idempotencyKey } from '#services/idempotency'
import { apiPost } from '#transformers/api/post_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendRead } from '#services/api/responses'

const NOT_FOUND = 'There is no such post, or you may not see it.'

/** Posts through the public API: the web app's policy, validator, action and read model. */
export default class ApiPostsController {
  async show(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findPostCard(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    return sendRead(ctx, apiPost(post))
  }

  /**
   * A new post: `body` (HTML or plain text, sanitised as in the composer)
   * and `audience`, as JSON; or multipart with up to 10 `files`. Public
   * posts of externals go to moderation (`status: pending`), as on the web.
   * With an `Idempotency-Key`, a replay creates nothing and answers the
   * first post again (the web composer's idempotency, its `client_key`).
   */
  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    await ctx.bouncer.with(PostPolicy).authorize('create')
    const clientKey = idempotencyKey(ctx.request)
    const findFirst = () => postWithKey(user, clientKey)
    let post = await findFirst()
    if (post) {
      ctx.response.header('Idempotent-Replayed', 'true')
    } else {
      const data = await ctx.request.validateUsing(createPostValidator)
      post = await createOnce(
        clientKey,
        () =>
          new CreatePost().handle({
            author: user,
            body: data.body,
            audience: data.audience,
            files: uploadedFiles(ctx.request),
            clientKey,
          }),
        findFirst
      )
    }
    const card = await findPostCard(user, post.id)
    if (!card) throw new ApiProblem(404, NOT_FOUND)
    ctx.response.status(201)
    ctx.response.header('Location', `/api/v1/posts/${post.id}`)
    return ctx.response.json({ post: apiPost(card) })
  }

  /**
   * Edits a post (PostPolicy 'update': its author, as on the web), by the
   * web app's UpdatePost: new `body` and `audience`, files to remove
   * (`removeMedia`) and, as multipart, new `files`. An edit of a public post
   * by an external goes back to moderation, as on the web.
   */
  async update(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    if (await ctx.bouncer.with(PostPolicy).denies('update', post)) {
      throw new ApiProblem(403, 'Only the post’s author can edit it.')
    }
    const data = await ctx.request.validateUsing(updatePostValidator)
    await new UpdatePost().handle({
      post,
      author: user,
      body: data.body,
      audience: data.audience,
      removeMedia: data.removeMedia,
      files: uploadedFiles(ctx.request),
    })
    const card = await findPostCard(user, post.id)
    if (!card) throw new ApiProblem(404, NOT_FOUND)
    return ctx.response.json({ post: apiPost(card) })
  }

  /** Deletes a post (PostPolicy 'delete': its author or an admin; an admin's is audited). */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    if (await ctx.bouncer.with(PostPolicy).denies('delete', post)) {
      throw new ApiProblem(403, 'Only the post’s author or an admin can delete it.')
    }
    await new DeletePost().handle(post)
    if (post.authorId !== user.id) {
      await audit(ctx, 'post.delete', { type: 'post', id: post.id }, { authorId: post.authorId })
    }
    return ctx.response.json({ deleted: true })
  }

  /**
   * Shares a post (SharePost: a published post of someone else, a share
   * of a share shares its original; an optional comment in `body`).
   */
  async share(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findVisiblePost(user, ctx.params.id)
    if (!post) throw new ApiProblem(404, NOT_FOUND)
    const { body } = await ctx.request.validateUsing(sharePostValidator)
    const { share, original } = await new SharePost().handle({ sharer: user, post, comment: body })
    await original.refresh()
    const card = await findPostCard(user, share.id)
    if (!card) throw new ApiProblem(404, NOT_FOUND)
    ctx.response.status(201)
    ctx.response.header('Location', `/api/v1/posts/${share.id}`)
    return ctx.response.json({ post: apiPost(card), shares: original.sharesCount })
  }
}
