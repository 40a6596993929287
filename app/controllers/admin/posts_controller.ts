import type { HttpContext } from '@adonisjs/core/http'
import Media from '#models/media'
import type Post from '#models/post'
import User from '#models/user'
import PostPolicy from '#policies/post_policy'
import DeletePost from '#actions/posts/delete_post'
import { createAdminPost, updatePostAsAdmin } from '#actions/admin/admin_posts'
import { moderatePost } from '#actions/admin/moderate_post'
import { allowedAudiences, publicationStatus } from '#actions/posts/publication'
import { composerSettings, uploadedFiles } from '#controllers/posts/posts_controller'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { createPostValidator, updatePostValidator } from '#validators/post'
import { announcementValidator, rejectPostValidator } from '#validators/admin_post'
import { findPostCard, type PostCard } from '#queries/feeds/post_cards'
import { findVisiblePost, visiblePosts } from '#queries/feeds/visible_posts'
import { commentsScrollProp } from '#queries/feeds/post_comments'
import { adminPostsPage, normaliseAdminPostFilters } from '#queries/admin/admin_posts'
import PostTransformer, { authorJson, mediaJson } from '#transformers/post_transformer'
import { audit } from '#services/audit'

/**
 * Admin posts (PRODUCT §3, §4, §9): Posts/Index (every post, filters,
 * keyset pages), Posts/Form (an admin's post, optionally an announcement;
 * editing anyone's post), Posts/Show (the post with its comments) and
 * delete. Admins only (route middleware); posts are found through THE
 * visibility scope, so a missing or deleted id is a 404. Create, edit and
 * delete go through the same actions as the member pages.
 */
export default class AdminPostsController {
  async index({ auth, request, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    const filters = normaliseAdminPostFilters(request.qs())
    const page = await adminPostsPage(admin, filters, request.input('cursor'))
    // Posts waiting for a decision (one COUNT), so they are easy to find.
    const [pending] = await visiblePosts(admin)
      .where('posts.status', 'pending')
      .clearSelect()
      .count('* as total')
    return inertia.render('Posts/Index', {
      filters,
      pendingCount: Number(pending.$extras.total),
      posts: page.posts.map((post) => listRow(post)),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  async create({ auth, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    return inertia.render('Posts/Form', {
      post: null,
      composer: composerSettings(admin),
      canAnnounce: true,
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const admin = auth.getUserOrFail()
    const data = await request.validateUsing(createPostValidator)
    const { announcement } = await request.validateUsing(announcementValidator)
    const post = await createAdminPost(admin, {
      body: data.body,
      audience: data.audience,
      files: uploadedFiles(request),
      announcement: announcement === true,
    })
    await audit(ctx, 'post.create', { type: 'post', id: post.id }, { announcement: !!announcement })
    session.flash(
      'success',
      announcement ? 'Your announcement is published.' : 'Your post is published.'
    )
    return response.redirect().toRoute('admin.posts.show', { id: post.id })
  }

  async show(ctx: HttpContext) {
    const admin = ctx.auth.getUserOrFail()
    const post = await findPostCard(admin, ctx.params.id)
    if (!post) throw new E_NOT_FOUND()
    return ctx.inertia.render('Posts/Show', {
      post: {
        ...PostTransformer.forDetail(post, admin),
        announced: post.announcedAt !== null,
      },
      comments: commentsScrollProp(ctx, admin, post),
    })
  }

  async edit({ auth, params, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    const author = post.authorId === admin.id ? admin : await User.findOrFail(post.authorId)
    const media = await Media.query().where('post_id', post.id).orderBy('position').orderBy('id')
    const composer = composerSettings(admin)
    // The author's audiences; a published post stays published when an admin edits it.
    composer.audiences = allowedAudiences(author).map((audience) => ({
      value: audience,
      reviewed: post.status !== 'published' && publicationStatus(author, audience) !== 'published',
    }))
    return inertia.render('Posts/Form', {
      post: {
        id: post.id,
        bodyHtml: post.bodyHtml,
        bodyText: post.bodyText,
        audience: post.audience,
        status: post.status,
        rejectionReason: post.rejectionReason,
        isShare: post.sharedPostId !== null,
        announced: post.announcedAt !== null,
        author: authorJson(author),
        media: media.map(mediaJson),
      },
      composer,
      canAnnounce: author.role === 'admin' && post.sharedPostId === null,
    })
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    const data = await request.validateUsing(updatePostValidator)
    const { announcement } = await request.validateUsing(announcementValidator)
    const before = { status: post.status, audience: post.audience }
    await updatePostAsAdmin(admin, post, {
      body: data.body,
      audience: data.audience,
      removeMedia: data.removeMedia,
      files: uploadedFiles(request),
      announcement: announcement === true,
    })
    if (post.authorId !== admin.id) {
      await audit(
        ctx,
        'post.update',
        { type: 'post', id: post.id },
        { authorId: post.authorId, before, after: { status: post.status, audience: post.audience } }
      )
    }
    session.flash('success', 'The changes are saved.')
    return response.redirect().toRoute('admin.posts.show', { id: post.id })
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session, bouncer } = ctx
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    await bouncer.with(PostPolicy).authorize('delete', post)
    await new DeletePost().handle(post)
    await audit(
      ctx,
      'post.delete',
      { type: 'post', id: post.id },
      { authorId: post.authorId, audience: post.audience, status: post.status }
    )
    session.flash('success', 'The post was deleted.')
    return response.redirect().toRoute('admin.posts.index')
  }

  /**
   * Approve a pending post: it is published (PRODUCT §3 moderation rule).
   * Back to the page the admin came from, filters kept.
   */
  async approve(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    if (post.status !== 'pending') return this.notPending(ctx, post)
    const result = await moderatePost(admin, post, 'approved')
    if (!result.decided) return this.notPending(ctx, post)
    await audit(
      ctx,
      'post.approve',
      { type: 'post', id: post.id },
      { authorId: post.authorId, audience: post.audience }
    )
    session.flash('success', 'The post is approved and published.')
    return response.redirect().withQs().back()
  }

  /** Reject a pending post with a reason the author sees. */
  async reject(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const admin = auth.getUserOrFail()
    const post = await this.findVisible(admin, params.id)
    if (post.status !== 'pending') return this.notPending(ctx, post)
    const { reason } = await request.validateUsing(rejectPostValidator)
    const result = await moderatePost(admin, post, 'rejected', reason)
    if (!result.decided) return this.notPending(ctx, post)
    await audit(
      ctx,
      'post.reject',
      { type: 'post', id: post.id },
      { authorId: post.authorId, audience: post.audience, reason }
    )
    session.flash('success', 'The post is rejected; its author was told why.')
    return response.redirect().withQs().back()
  }

  /** A decision on a post that no longer waits for one: nothing changes. */
  private async notPending({ response, session }: HttpContext, post: Post) {
    await post.refresh()
    const state = post.status === 'published' ? 'already published' : 'already rejected'
    session.flash('error', `This post is ${state}: only pending posts can be approved or rejected.`)
    return response.redirect().withQs().back()
  }

  private async findVisible(admin: User, id: string): Promise<Post> {
    const post = await findVisiblePost(admin, id)
    if (!post) throw new E_NOT_FOUND()
    return post
  }
}

const EXCERPT_LENGTH = 160

/** One line of Posts/Index: who, what (excerpt, first thumbnail), where, status, counts. */
function listRow(post: PostCard) {
  const card = PostTransformer.forFeed(post, { id: 0, role: 'admin' })
  const text = post.bodyText.replace(/\s+/g, ' ').trim()
  const media = card.isShare && card.original ? card.original.media : card.media
  return {
    id: card.id,
    author: card.author,
    excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
    audience: card.audience,
    status: card.status,
    announced: post.announcedAt !== null,
    isShare: card.isShare,
    original: card.original ? { id: card.original.id, author: card.original.author } : null,
    thumbUrl: media.find((item) => item.thumbUrl)?.thumbUrl ?? null,
    mediaCount: media.length,
    counts: card.counts,
    createdAt: card.createdAt,
    publishedAt: card.publishedAt,
  }
}

export type AdminPostRow = ReturnType<typeof listRow>
