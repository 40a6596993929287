import type { HttpContext } from '@adonisjs/core/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import Media from '#models/media'
import type Post from '#models/post'
import type User from '#models/user'
import PostPolicy from '#policies/post_policy'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import DeletePost from '#actions/posts/delete_post'
import SharePost from '#actions/posts/share_post'
import { MAX_POST_TEXT } from '#actions/posts/post_body'
import { allowedAudiences, publicationStatus } from '#actions/posts/publication'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { createPostValidator, sharePostValidator, updatePostValidator } from '#validators/post'
import { findPostCard } from '#queries/feeds/post_cards'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentsScrollProp } from '#queries/feeds/post_comments'
import PostTransformer, { mediaJson } from '#transformers/post_transformer'
import { ACCEPTED_DESCRIPTION, MAX_FILES_PER_POST, maxFileMb } from '#services/media_storage'
import { audit } from '#services/audit'

/** The file picker's hint; the server decides by content, whatever this says. */
const ACCEPT_ATTRIBUTE =
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime,application/pdf'

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
    return inertia.render('Homepage/CreatePost', { composer: composerSettings(user) })
  }

  async store({ auth, request, response, session, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    await bouncer.with(PostPolicy).authorize('create')
    const data = await request.validateUsing(createPostValidator)
    const post = await new CreatePost().handle({
      author: user,
      body: data.body,
      audience: data.audience,
      files: uploadedFiles(request),
    })
    session.flash('success', post.status === 'published' ? PUBLISHED_MESSAGE : PENDING_MESSAGE)
    return response.redirect().toRoute('posts.show', { id: post.id })
  }

  async show(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await findPostCard(user, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    return ctx.inertia.render('Homepage/PostDetail', {
      post: PostTransformer.forDetail(post, user),
      comments: commentsScrollProp(ctx, user, post),
    })
  }

  async edit({ auth, params, inertia, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    const post = await this.findVisible(user, params.id)
    await bouncer.with(PostPolicy).authorize('update', post)
    const media = await Media.query().where('post_id', post.id).orderBy('position').orderBy('id')
    return inertia.render('Homepage/EditPost', {
      post: {
        id: post.id,
        bodyHtml: post.bodyHtml,
        bodyText: post.bodyText,
        audience: post.audience,
        status: post.status,
        rejectionReason: post.rejectionReason,
        isShare: post.sharedPostId !== null,
        media: media.map(mediaJson),
      },
      composer: composerSettings(user),
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

/** What the composer needs to know, decided on the server (admin Posts/Form too). */
export function composerSettings(user: User) {
  const audiences = allowedAudiences(user)
  return {
    audiences: audiences.map((audience) => ({
      value: audience,
      reviewed: publicationStatus(user, audience) !== 'published',
    })),
    defaultAudience: audiences[0],
    maxFiles: MAX_FILES_PER_POST,
    maxFileMb: maxFileMb(),
    maxTextLength: MAX_POST_TEXT,
    accept: ACCEPT_ATTRIBUTE,
    acceptDescription: ACCEPTED_DESCRIPTION,
  }
}

/**
 * The uploaded files, whatever the form called the list (`files`,
 * `files[]`, `files[0]`…). A text value in their place is ignored.
 */
export function uploadedFiles(request: HttpContext['request']): MultipartFile[] {
  const value = (request.allFiles() as Record<string, unknown>).files
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.filter((file): file is MultipartFile => file instanceof MultipartFile)
}
