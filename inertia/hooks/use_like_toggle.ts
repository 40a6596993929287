import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '~/lib/toast'
import { jsonRequest } from '~/hooks/json_request'

export type LikeState = {
  liked: boolean
  count: number
}

/**
 * Optimistic like/unlike for one post or comment. The request carries the
 * wanted state (`liked: true|false`, idempotent on the server), so quick
 * double clicks converge; only the latest reply is applied, and a failure
 * rolls back to the state before the click.
 */
export function useLikeToggle(url: string, initial: LikeState) {
  const [state, setState] = useState<LikeState>(initial)
  const [pending, setPending] = useState(false)
  const sequence = useRef(0)
  const confirmed = useRef<LikeState>(initial)

  // A fresh server value (e.g. after a reload) wins when nothing is in flight.
  useEffect(() => {
    if (sequence.current === 0 || !pending) {
      confirmed.current = initial
      setState(initial)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial.liked, initial.count])

  const toggle = useCallback(async () => {
    const want = !state.liked
    const ticket = ++sequence.current
    setState({ liked: want, count: Math.max(0, state.count + (want ? 1 : -1)) })
    setPending(true)
    try {
      const reply = await jsonRequest<{ liked: boolean; likes: number }>('post', url, {
        liked: want,
      })
      confirmed.current = { liked: reply.liked, count: reply.likes }
      if (ticket === sequence.current) setState(confirmed.current)
    } catch (error) {
      if (ticket === sequence.current) {
        setState(confirmed.current)
        toast.error((error as Error).message)
      }
    } finally {
      if (ticket === sequence.current) setPending(false)
    }
  }, [state, url])

  /**
   * A count from elsewhere (live updates): taken unless a click of this
   * viewer is in flight (its reply carries the count anyway).
   */
  const sync = useCallback(
    (count: number) => {
      confirmed.current = { ...confirmed.current, count }
      if (!pending) setState((current) => ({ ...current, count }))
    },
    [pending]
  )

  return { ...state, pending, toggle, sync }
}
