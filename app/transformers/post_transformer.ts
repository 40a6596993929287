import router from '@adonisjs/core/services/router'
import type Media from '#models/media'
import type User from '#models/user'
import type { Viewer } from '#queries/feeds/visible_posts'
import type { PostCard } from '#queries/feeds/post_cards'
import { profileImageUrl, type AvatarSize } from '#services/profile_image_keys'
import { fileNameForType } from '#services/media_http'

/**
 * How posts reach the browser (PRODUCT §3–5). Authors by id, username,
 * name, initials and avatar URL only (never e-mail); media by URLs of the
 * authorising route `media.show`; per-viewer booleans in `can`, so the UI
 * never decides permissions itself.
 *
 * Input: a PostCard, the read model of app/queries/feeds/post_cards.ts
 * (findPostCard / loadPostCards / a feed), with its author, media, original
 * and the viewer's liked / already-shared flags.
 */

export type MediaVariant = 'original' | 'display' | 'thumb'

/**
 * THE one place that builds media URLs. Uses the named route `media.show`
 * (GET /media/:id/:variant?) once it is registered, else the same path by
 * hand.
 */
export function mediaUrl(id: number, variant: MediaVariant = 'original') {
  if (router.has('media.show')) {
    return router.urlBuilder.urlFor('media.show' as any, { id, variant } as any)
  }
  return `/media/${id}/${variant}`
}

/**
 * An avatar URL for a user with an uploaded avatar, through the named route
 * `users.avatar` (GET /users/:id/avatar, signed-in only) once it exists;
 * null otherwise (the client shows initials). `?v=` changes with every new
 * avatar (long private caching); `large` is the 256 px size (profiles),
 * the default the 96 px one (cards, lists).
 */
export function avatarUrl(user: Pick<User, 'id' | 'avatarKey'>, size: AvatarSize = 'small') {
  if (!user.avatarKey || !router.has('users.avatar')) return null
  const path = router.urlBuilder.urlFor('users.avatar' as any, { id: user.id } as any)
  return profileImageUrl(path, user.avatarKey, size)
}

export function initialsOf(fullName: string) {
  const parts = fullName.trim().split(/\s+/)
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')
  ).toUpperCase()
}

export function authorJson(user: Pick<User, 'id' | 'username' | 'fullName' | 'avatarKey'>) {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    initials: initialsOf(user.fullName),
    avatarUrl: avatarUrl(user),
  }
}

export function mediaJson(item: Media) {
  const url = mediaUrl(item.id, 'original')
  const displayUrl = item.displayKey ? mediaUrl(item.id, 'display') : url
  const thumbUrl = item.thumbKey
    ? mediaUrl(item.id, 'thumb')
    : item.kind === 'image'
      ? displayUrl
      : null
  return {
    id: item.id,
    kind: item.kind,
    width: item.width ?? null,
    height: item.height ?? null,
    name: fileNameForType(item.originalName, item.mime),
    url,
    displayUrl,
    thumbUrl,
  }
}

function iso(value: { toISO(): string | null } | null | undefined) {
  return value ? value.toISO() : null
}

/** The embedded original of a share (no actions of its own on the card). */
function originalJson(original: PostCard) {
  const author = original.author
  return {
    id: original.id,
    author: author ? authorJson(author) : null,
    bodyHtml: original.bodyHtml,
    audience: original.audience,
    createdAt: iso(original.createdAt),
    publishedAt: iso(original.publishedAt),
    media: original.media.map(mediaJson),
    counts: {
      likes: original.likesCount,
      comments: original.commentsCount,
      shares: original.sharesCount,
    },
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

export default class PostTransformer {
  static forFeed(post: PostCard, viewer: Viewer) {
    const author = post.author
    const original = post.sharedPost
    const isShare = post.sharedPostId !== null
    return {
      id: post.id,
      author: author ? authorJson(author) : null,
      bodyHtml: post.bodyHtml,
      audience: post.audience,
      status: post.status,
      createdAt: iso(post.createdAt),
      publishedAt: iso(post.publishedAt),
      edited: wasEdited(post),
      media: post.media.map(mediaJson),
      isShare,
      /** An admin's announcement to all members (Posts/Form). */
      announced: post.announcedAt !== null && post.announcedAt !== undefined,
      /** For a share: the original, or null if it vanished meanwhile ("no longer available"). */
      original: isShare && original ? originalJson(original) : null,
      counts: {
        likes: post.likesCount,
        comments: post.commentsCount,
        shares: post.sharesCount,
      },
      liked: post.viewerLiked,
      can: postAbilities(post, viewer),
      /** Why an admin rejected it: only for its author and admins (My posts). */
      rejectionReason:
        post.status === 'rejected' && (post.authorId === viewer.id || viewer.role === 'admin')
          ? (post.rejectionReason ?? null)
          : null,
    }
  }

  /** The post page: the feed card plus what only the author sees (rejection reason). */
  static forDetail(post: PostCard, viewer: Viewer) {
    return {
      ...PostTransformer.forFeed(post, viewer),
      rejectionReason:
        post.authorId === viewer.id || viewer.role === 'admin' ? post.rejectionReason : null,
      updatedAt: iso(post.updatedAt),
    }
  }
}

export type FeedPostJson = ReturnType<typeof PostTransformer.forFeed>
export type DetailPostJson = ReturnType<typeof PostTransformer.forDetail>
