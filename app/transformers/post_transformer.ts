import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Viewer } from '#queries/feeds/visible_posts'
import type { PostCard } from '#queries/feeds/post_cards'
import PersonTransformer from '#transformers/person_transformer'
import MediaTransformer from '#transformers/media_transformer'

/**
 * How posts reach the browser. Authors through PersonTransformer (never
 * e-mail); media through MediaTransformer (URLs of the authorising route);
 * per-viewer booleans in `can`, so the UI never decides permissions itself.
 *
 * Input: a PostCard, the read model of app/queries/feeds/post_cards.ts
 * (findPostCard / loadPostCards / a feed), with its author, media, original
 * and the viewer's liked / already-shared flags; and the viewer.
 *
 * `toObject` is the feed card (`Data.Post`), `forDetail` the post page,
 * `forAdminRow` a line of the admin's Posts/Index
 * (`Data.Post.Variants['forDetail' | 'forAdminRow']`).
 */

const ADMIN_EXCERPT_LENGTH = 160

function iso(value: { toISO(): string | null } | null | undefined) {
  return value ? value.toISO() : null
}

function person(author: PostCard['author']) {
  return author ? new PersonTransformer(author).toObject() : null
}

function mediaOf(card: PostCard) {
  return card.media.map((item) => new MediaTransformer(item).toObject())
}

function countsOf(card: PostCard) {
  return { likes: card.likesCount, comments: card.commentsCount, shares: card.sharesCount }
}

/** The embedded original of a share (no actions of its own on the card). */
function originalJson(original: PostCard) {
  return {
    id: original.id,
    author: person(original.author),
    bodyHtml: original.bodyHtml,
    audience: original.audience,
    createdAt: iso(original.createdAt),
    publishedAt: iso(original.publishedAt),
    media: mediaOf(original),
    counts: countsOf(original),
  }
}

/**
 * Changed more than a minute after it went out (creation, or publication
 * for a post approved later: approval itself is not an edit).
 */
function wasEdited(post: PostCard) {
  if (!post.updatedAt || !post.createdAt) return false
  const base = Math.max(post.createdAt.toMillis(), post.publishedAt?.toMillis() ?? 0)
  return post.updatedAt.toMillis() - base > 60_000
}

/** What the viewer may do with the post, decided on the server. */
export function postAbilities(post: PostCard, viewer: Viewer) {
  const mine = post.authorId === viewer.id
  const published = post.status === 'published'
  const target = post.sharedPostId === null ? post : post.sharedPost
  const alreadyShared = post.viewerShared
  return {
    edit: mine,
    delete: mine || viewer.role === 'admin',
    like: published,
    comment: published,
    // Sharing a share shares the original; one share per person; not one's own post.
    share:
      published &&
      !!target &&
      target.status === 'published' &&
      target.authorId !== viewer.id &&
      !alreadyShared,
  }
}

export default class PostTransformer extends BaseTransformer<PostCard> {
  constructor(
    resource: PostCard,
    protected viewer: Viewer
  ) {
    super(resource)
  }

  toObject() {
    const post = this.resource
    const viewer = this.viewer
    const original = post.sharedPost
    const isShare = post.sharedPostId !== null
    return {
      id: post.id,
      author: person(post.author),
      bodyHtml: post.bodyHtml,
      audience: post.audience,
      status: post.status,
      createdAt: iso(post.createdAt),
      publishedAt: iso(post.publishedAt),
      edited: wasEdited(post),
      media: mediaOf(post),
      isShare,
      /** An admin's announcement to all members (Posts/Form). */
      announced: post.announcedAt !== null && post.announcedAt !== undefined,
      /** For a share: the original, or null if it vanished meanwhile ("no longer available"). */
      original: isShare && original ? originalJson(original) : null,
      counts: countsOf(post),
      liked: post.viewerLiked,
      /** The viewer muted this post's notifications (the card's "Mute notifications" item). */
      muted: post.viewerMuted,
      can: postAbilities(post, viewer),
      /** Why an admin rejected it: only for its author and admins (My posts). */
      rejectionReason:
        post.status === 'rejected' && (post.authorId === viewer.id || viewer.role === 'admin')
          ? (post.rejectionReason ?? null)
          : null,
    }
  }

  /** The post page: the feed card plus what only the author sees (rejection reason). */
  forDetail() {
    const post = this.resource
    return {
      ...this.toObject(),
      rejectionReason:
        post.authorId === this.viewer.id || this.viewer.role === 'admin'
          ? post.rejectionReason
          : null,
      updatedAt: iso(post.updatedAt),
    }
  }

  /** One line of the admin's Posts/Index: who, what (excerpt, first thumbnail), where, status, counts. */
  forAdminRow() {
    const post = this.resource
    const card = this.toObject()
    const text = post.bodyText.replace(/\s+/g, ' ').trim()
    const media = card.isShare && card.original ? card.original.media : card.media
    return {
      id: card.id,
      author: card.author,
      excerpt:
        text.length > ADMIN_EXCERPT_LENGTH ? `${text.slice(0, ADMIN_EXCERPT_LENGTH - 1)}…` : text,
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
}
