import { useState } from 'react'
import { router } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import { useLikeToggle } from '~/hooks/use_like_toggle'
import { useLivePostCounts } from '~/hooks/use_live_post_counts'
import { route } from '~/lib/route'
import type { SharedCount } from '~/components/posts/share_dialog'
import type { Data } from '~data'

/**
 * The state of one post card: the like toggle, the comment and share counts
 * (changed by the card's own actions and, while it is on screen, live by
 * others'), whether the viewer may still share it, and the delete that
 * hides it. Returns `liveRef` to put on the card's element.
 */
export function usePostCard(
  post: Data.Post,
  {
    onDeleted,
    onCommentsCountChange,
  }: {
    onDeleted?: (post: Data.Post) => void
    onCommentsCountChange?: (count: number) => void
  }
) {
  const like = useLikeToggle(route('posts.like', { id: post.id }), {
    liked: post.liked,
    count: post.counts.likes,
  })
  const [commentsCount, setCommentsCount] = useState(post.counts.comments)
  const [sharesCount, setSharesCount] = useState(post.counts.shares)
  const [canShare, setCanShare] = useState(post.can.share)
  const [hidden, setHidden] = useState(false)
  // Counts changed by others arrive live while the card is on screen.
  const liveRef = useLivePostCounts(post.id, (counts) => {
    like.sync(counts.likes)
    setCommentsCount(counts.comments)
    onCommentsCountChange?.(counts.comments)
    setSharesCount(counts.shares)
  })

  const setComments = (count: number) => {
    setCommentsCount(count)
    onCommentsCountChange?.(count)
  }

  /** After the built-in share dialog: one share per person, and the new count. */
  const shared = (result: SharedCount | null) => {
    setCanShare(false)
    if (result?.postId === post.id) setSharesCount(result.shares)
  }

  /** Deletes the post; `done` runs on success, before the card hides itself. */
  const destroy = (done?: () => void) => {
    router.delete(route('posts.destroy', { id: post.id }), {
      preserveScroll: true,
      preserveState: true,
      only: ['errors'],
      onSuccess: () => {
        done?.()
        setHidden(true)
        onDeleted?.(post)
      },
      onError: () => toast.error('The post could not be deleted.'),
    })
  }

  return {
    like,
    liveRef,
    commentsCount,
    setComments,
    sharesCount,
    canShare,
    shared,
    hidden,
    destroy,
  }
}

/**
 * "Mute this post" (issue 15 §4): starts from the viewer's stored mute
 * (`post.muted`, sent with the card); the settings page lists and unmutes.
 */
export function usePostMute(post: Data.Post) {
  const [muted, setMuted] = useState(post.muted)
  const toggle = () => {
    const next = !muted
    router.put(
      route('posts.mute', { id: post.id }),
      { muted: next },
      {
        preserveScroll: true,
        preserveState: true,
        only: ['errors'],
        onSuccess: () => setMuted(next),
      }
    )
  }
  return { muted, toggle }
}
