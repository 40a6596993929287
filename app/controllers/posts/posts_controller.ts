import type { HttpContext } from '@adonisjs/core/http'
import Media from '#models/media'
import type User from '#models/user'
import PostPolicy from '#policies/post_policy'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import DeletePost from '#actions/posts/delete_post'
import SharePost from '#actions/posts/share_post'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { createPostValidator, sharePostValidator, updatePostValidator } from '#validators/post'
import { findPostCard } from '#queries/feeds/post_cards'
import { postWithKey } from '#queries/feeds/client_keys'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentsScrollProp } from '#transformers/comment_transformer'
import PostTransformer from '#transformers/post_transformer'
import PostFormTransformer from '#transformers/post_form_transformer'
import { audit } from '#services/audit'
import { createOnce, idempotencyKey } from '#services/idempotency'
import { uploadedFiles } from '#services/http/requests'
import { composerSettings } from '#services/posts/composer'
import type Post from '#models/post'

const PUBLISHED_MESSAGE = 'Your post is published.'
const PENDING_MESSAGE =
  'Your post was sent for review: an admin approves public posts before others can see them.'

/**
 * Posts (PRODUCT §3): composer pages, create, the post page, edit, delete
 * and share. A post the viewer may not see answers 404 like a missing one.
 */
export default class PostsController {
  async create({ auth, inertia, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    await bouncer.with(PostPolicy).authorize('create')
    return inertia.render('Homepage/CreatePost', { composer: await composerSettings(user) })
  }

  async store({ auth, request, response, session, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    await bouncer.with(PostPolicy).authorize('create')
    // A replay (the outbox sending again) answers like the first request did.
    const clientKey = idempotencyKey(request)
    const findFirst = () => postWithKey(user, clientKey)
    const sent = await findFirst()
    if (sent) return response.redirect().toRoute('posts.show', { id: sent.id })
    const data = await request.validateUsing(createPostValidator)
    const post = await createOnce(
      clientKey,
      () =>
        new CreatePost().handle({
          author: user,
          body: data.body,
          audience: data.audience,
          files: uploadedFiles(request),
          clientKey,
        }),
      findFirst
    )
    session.flash('success', post.status === 'published' ? PUBLISHED_MESSAGE : PENDING_MESSAGE)
    return response.redirect().toRoute('posts.show', { id: post.id })
  }

  async show(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findPostCard(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    return ctx.inertia.render('Homepage/PostDetail', {
      post: new PostTransformer(post, user).forDetail(),
      comments: commentsScrollProp(ctx, user, post),
    })
  }

  async edit({ auth, params, inertia, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    const post = await this.findVisible(user, params.id)
    await bouncer.with(PostPolicy).authorize('update', post)
    const media = await Media.query().where('post_id', post.id).orderBy('position').orderBy('id')
    return inertia.render('Homepage/EditPost', {
      post: new PostFormTransformer({ post, media, author: user }).toObject(),
      composer: await composerSettings(user),
    })
  }

  async update({ auth, params, request, response, session, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    const post = await this.findVisible(user, params.id)
    await bouncer.with(PostPolicy).authorize('update', post)
    const data = await request.validateUsing(updatePostValidator)
    await new UpdatePost().handle({
      post,
      author: user,
      body: data.body,
      audience: data.audience,
      removeMedia: data.removeMedia,
      files: uploadedFiles(request),
    })
    session.flash(
      'success',
      post.status === 'published'
        ? 'Your changes are saved.'
        : `Your changes are saved. ${PENDING_MESSAGE}`
    )
    return response.redirect().toRoute('posts.show', { id: post.id })
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, request, response, session, bouncer } = ctx
    const user = auth.getUserOrFail()
    const post = await this.findVisible(user, params.id)
    await bouncer.with(PostPolicy).authorize('delete', post)
    await new DeletePost().handle(post)
    if (post.authorId !== user.id) {
      await audit(ctx, 'post.delete', { type: 'post', id: post.id }, { authorId: post.authorId })
    }
    session.flash('success', 'The post was deleted.')
    // From the post's own pages there is nothing left to go back to.
    const referrer = request.header('referer') ?? ''
    if (new RegExp(`/posts/${post.id}(/edit)?/?(\\?|#|$)`).test(referrer)) {
      return response.redirect().toRoute('home')
    }
    return response.redirect().back()
  }

  async share({ auth, params, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const post = await this.findVisible(user, params.id)
    const { body } = await request.validateUsing(sharePostValidator)
    const { share, original } = await new SharePost().handle({ sharer: user, post, comment: body })
    // The sharer's card shows the new count at once (others get it live).
    await original.refresh()
    session.flash('shared', { postId: original.id, shares: original.sharesCount })
    session.flash(
      'success',
      share.status === 'published'
        ? 'You shared the post.'
        : 'Your share was sent for review: an admin approves public posts before others can see them.'
    )
    return response.redirect().back()
  }

  private async findVisible(user: User, id: string): Promise<Post> {
    const post = await findVisiblePost(user, id)
    if (!post) throw new E_NOT_FOUND()
    return post
  }
}
