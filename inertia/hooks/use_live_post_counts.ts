import { useCallback, useEffect, useRef, useState } from 'react'
import { useChannelEvent } from '~/lib/realtime'
import { postChannel } from '#services/realtime/channels'

export type LiveCounts = {
  postId: number
  likes: number
  comments: number
  shares: number
}

/**
 * Live like / comment / share counts of one post card (issue 4 §4): while
 * the card is on screen (or near it) it listens on
 * `private-App.Models.Post.{id}` (authorised by the visibility rule) for
 * `PostCountsUpdated` and hands the exact stored counts to `onCounts`.
 * Off screen, no subscription: a feed of hundreds of cards costs a few.
 * Returns the ref to put on the card's element.
 */
export function useLivePostCounts(postId: number, onCounts: (counts: LiveCounts) => void) {
  const [visible, setVisible] = useState(false)
  const observer = useRef<IntersectionObserver | null>(null)

  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element) return
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true)
      return
    }
    observer.current = new IntersectionObserver(
      (entries) => setVisible(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: '300px 0px' }
    )
    observer.current.observe(element)
  }, [])

  useEffect(() => () => observer.current?.disconnect(), [])

  useChannelEvent<LiveCounts>(visible ? postChannel(postId) : '', 'PostCountsUpdated', (counts) => {
    if (counts.postId === postId) onCounts(counts)
  })
  return ref
}
