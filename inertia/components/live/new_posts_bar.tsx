import { useEffect, useRef, useState } from 'react'
import { withPrimitives } from '~/components/ui/deferred'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { useChannelEvent } from '~/lib/realtime'
import { feedChannel, type Feed } from '#services/realtime/channels'

// The bar itself: fetched after the first paint, with Radix
// (components/ui/deferred.tsx); the channel is listened to from the start.
const NewPostsButton = withPrimitives(() =>
  import('~/components/posts/new_posts_button').then((m) => m.NewPostsButton)
)

/**
 * "N new posts" (issue 4 §4). The feed channel only says that some post
 * was published; the count comes from GET /feeds/:feed/new, which applies
 * the visibility rule for this viewer (a blocked author's post never
 * counts). Clicking loads the feed's first page again, new posts on top.
 */
export function NewPostsBar({ feed, topId }: { feed: Feed; topId: number | null }) {
  const top = topId ?? 0
  // A count holds for the list top it was asked for: once the list changes
  // (new posts loaded), it no longer shows.
  const [found, setFound] = useState<{ top: number; count: number; more: boolean } | null>(null)
  const timer = useRef<number | null>(null)
  const after = useRef(top)

  useEffect(() => {
    after.current = top
  }, [top])

  useEffect(
    () => () => {
      if (timer.current) window.clearTimeout(timer.current)
    },
    []
  )

  useChannelEvent<{ postId: number }>(feedChannel(feed), 'PostPublished', () => {
    // A burst of posts asks once.
    if (timer.current) window.clearTimeout(timer.current)
    timer.current = window.setTimeout(async () => {
      timer.current = null
      const asked = after.current
      try {
        const reply = await jsonRequest<{ count: number; more: boolean }>(
          'get',
          route('feed.new', { feed }),
          { after: asked }
        )
        setFound({ top: asked, count: reply.count, more: reply.more })
      } catch {
        // The next post asks again; nothing to tell the reader.
      }
    }, 400)
  })

  if (!found || found.top !== top || found.count === 0) return null
  const { count, more } = found
  return <NewPostsButton count={count} more={more} />
}
