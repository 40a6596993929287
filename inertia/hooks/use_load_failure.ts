import { useMemo, useRef, useState } from 'react'
import type { ReloadOptions } from '@inertiajs/core'

/**
 * Tracks whether the last partial reload of a list (the next page of a feed
 * or of comments) failed, for a "Retry" button. A reply that is not a page
 * still shows in Inertia's modal (seed §7): nothing here cancels it; the
 * failure is read from a visit that finished without success. Network
 * errors (no reply at all) are handled here instead of thrown.
 */
export function useLoadFailure() {
  const [failed, setFailed] = useState(false)
  const succeeded = useRef(false)
  const params = useMemo<ReloadOptions>(
    () => ({
      onStart: () => {
        succeeded.current = false
      },
      onSuccess: () => {
        succeeded.current = true
        setFailed(false)
      },
      onFinish: (visit) => {
        if (!succeeded.current && !visit.cancelled) setFailed(true)
      },
      onNetworkError: () => {
        setFailed(true)
        return false
      },
    }),
    []
  )
  return { failed, params }
}
