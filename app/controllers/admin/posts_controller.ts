import type { HttpContext } from '@adonisjs/core/http'
import Media from '#models/media'
import type Post from '#models/post'
import User from '#models/user'
import PostPolicy from '#policies/post_policy'
import DeletePost from '#actions/posts/delete_post'
import CreateAdminPost from '#actions/admin/posts/create_admin_post'
import UpdatePostAsAdmin from '#actions/admin/posts/update_post_as_admin'
import ModeratePost from '#actions/admin/moderate_post'
import { allowedAudiences, publicationStatus } from '#services/posts/publication'
import { uploadedFiles } from '#services/http/requests'
import { composerSettings } from '#services/posts/composer'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { createPostValidator, updatePostValidator } from '#validators/post'
import { announcementValidator, rejectPostValidator } from '#validators/admin_post'
import { findPostCard } from '#queries/feeds/post_cards'
import { findVisiblePost } from '#queries/feeds/visible_posts'
import { commentsScrollProp } from '#transformers/comment_transformer'
import { adminPostsPage, normaliseAdminPostFilters } from '#queries/admin/admin_posts'
import { pendingPostsCount } from '#queries/admin/moderation_counts'
import PostTransformer from '#transformers/post_transformer'
import PostFormTransformer from '#transformers/post_form_transformer'
import TeamPostTransformer from '#transformers/admin/team_post_transformer'
import { audit } from '#services/audit'
import { getSettings } from '#services/settings'

/**
 * Admin posts (PRODUCT §3, §4, §9): Posts/Index (the posts written by
 * admins — announcements and team news — with filters and keyset pages;
 * every team post is on PostModerations/IndexST), Posts/Form (an admin's post, optionally an announcement;
 * editing anyone's post), Posts/Show (the post with its comments) and
 * delete. Admins only (route middleware); posts are found through THE
 * visibility scope, so a missing or deleted id is a 404. Create, edit and
 * delete go through the same actions as the member pages.
 */
export default class AdminPostsController {
  async index({ auth, request, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    const filters = normaliseAdminPostFilters(request.qs())
    const page = await adminPostsPage(admin, filters, request.input('cursor'), {
      authors: 'admins',
    })
    return inertia.render('Posts/Index', {
      filters,
      // Posts waiting for a decision (one COUNT): the queue is one click away.
      pendingCount: await pendingPostsCount(),
      posts: TeamPostTransformer.transform(page.posts),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  async create({ auth, inertia }: HttpContext) {
    const admin = auth.getUserOrFail()
    return inertia.render('Posts/Form', {
      post: null,
      composer: await composerSettings(admin),
      canAnnounce: true,
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const admin = auth.getUserOrFail()
    const data = await request.validateUsing(createPostValidator)
    const { announcement } = await request.validateUsing(announcementValidator)
    const post = await new CreateAdminPost().handle(admin, {
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
        ...new PostTransformer(post, admin).forDetail(),
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
    const { moderationPolicy } = await getSettings()
    const composer = await composerSettings(admin)
    // The author's audiences; a published post stays published when an admin edits it.
    composer.audiences = allowedAudiences(author).map((audience) => ({
      value: audience,
      reviewed:
        post.status !== 'published' &&
        publicationStatus(author, audience, moderationPolicy) !== 'published',
    }))
    return inertia.render('Posts/Form', {
      post: new PostFormTransformer({ post, media, author }).forAdmin(),
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
    await new UpdatePostAsAdmin().handle(admin, post, {
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
    const { auth, params, request, response, session, bouncer } = ctx
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
    // From a list: back to it (filters kept); from the post's own page, which is gone: Posts/Index.
    if (LIST_PAGES.has(refererPath(request.header('referer')))) {
      return response.redirect().withQs().back()
    }
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
    const result = await new ModeratePost().handle(admin, post, 'approved')
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
    const result = await new ModeratePost().handle(admin, post, 'rejected', reason)
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

/** The lists a delete may come from (the admin is sent back there, filters kept). */
const LIST_PAGES = new Set(['/admin/posts', '/admin/moderation', '/admin/moderation/posts'])

function refererPath(referer: string | undefined) {
  if (!referer) return ''
  try {
    return new URL(referer, 'http://localhost').pathname.replace(/\/+$/, '')
  } catch {
    return ''
  }
}
