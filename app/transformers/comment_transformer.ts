import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Viewer } from '#queries/feeds/visible_posts'
import type { HttpContext } from '@adonisjs/core/http'
import type Post from '#models/post'
import { COMMENTS_CURSOR_PARAM, postComments, type CommentCard } from '#queries/feeds/post_comments'
import { canDeleteComment } from '#policies/comment_policy'
import PersonTransformer from '#transformers/person_transformer'
import MediaTransformer from '#transformers/media_transformer'

/** The post a comment belongs to, as far as the comment's abilities need it. */
export type CommentedPost = { authorId: number; status: string }

/**
 * How comments reach the browser (`Data.Comment`): author as on post cards
 * (never e-mail), plain-text body (rendered as text, never as HTML), images
 * by URLs of the authorising media route (as on post cards), counters, the
 * viewer's like, and what the viewer may do, decided on the server
 * (CommentPolicy: the comment's author, the post's author, admins delete).
 *
 * `new CommentTransformer(comment, viewer, post).toObject()`.
 */
export default class CommentTransformer extends BaseTransformer<CommentCard> {
  constructor(
    resource: CommentCard,
    protected viewer: Viewer,
    protected post: CommentedPost
  ) {
    super(resource)
  }

  toObject() {
    const comment = this.resource
    return {
      id: comment.id,
      postId: comment.postId,
      author: comment.author ? new PersonTransformer(comment.author).toObject() : null,
      body: comment.body,
      media: comment.media.map((item) => new MediaTransformer(item).toObject()),
      createdAt: comment.createdAt?.toISO() ?? null,
      likes: comment.likesCount,
      liked: comment.viewerLiked,
      can: {
        delete: canDeleteComment(this.viewer, comment, this.post),
        like: this.post.status === 'published',
      },
    }
  }
}

/**
 * The `comments` prop of Homepage/PostDetail, as an Inertia scroll prop:
 * the first page on a normal visit; "Show more comments" asks for the next
 * one with `?comments_cursor=<id>` as a partial reload of this prop only,
 * merged by id on the client (inertia/components/posts/comment_list.tsx).
 *
 *   comments: commentsScrollProp(ctx, user, post)
 */
export function commentsScrollProp(
  ctx: Pick<HttpContext, 'inertia' | 'request'>,
  viewer: Viewer,
  post: Pick<Post, 'id' | 'authorId' | 'status'>
) {
  const raw = ctx.request.input(COMMENTS_CURSOR_PARAM)
  return ctx.inertia
    .scroll(
      async () => {
        const page = await postComments(viewer, post, raw)
        return {
          data: page.data.map((comment) =>
            new CommentTransformer(comment, viewer, post).toObject()
          ),
          nextCursor: page.nextCursor,
          cursor: raw ?? null,
        }
      },
      (value) => ({
        pageName: COMMENTS_CURSOR_PARAM,
        currentPage: value.cursor ?? null,
        nextPage: value.nextCursor,
        previousPage: null,
      })
    )
    .matchOn('id')
}
