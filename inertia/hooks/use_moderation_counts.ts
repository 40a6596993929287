import { useState } from 'react'
import { useChannelEvent } from '~/lib/realtime'
// The admins' channel; its event is sent by app/services/moderation_live.ts.
import { MODERATION_CHANNEL } from '#services/realtime/channels'

export type ModerationCounts = { pendingPosts: number; openReports: number }

/**
 * The moderation queues' sizes, live: starts from the page's figures and
 * follows every change pushed to admins (a post waits, is decided, a report
 * comes in or is decided), from this admin or any other.
 */
export function useModerationCounts(initial: ModerationCounts): ModerationCounts {
  // Figures pushed since this page's figures were rendered; a fresh page
  // (after a decision, a reload) brings its own and the pushed ones lapse.
  const basis = `${initial.pendingPosts}/${initial.openReports}`
  const [live, setLive] = useState<{ basis: string; counts: ModerationCounts } | null>(null)
  useChannelEvent<ModerationCounts>(MODERATION_CHANNEL, 'ModerationCountsChanged', (event) =>
    setLive({
      basis,
      counts: { pendingPosts: event.pendingPosts, openReports: event.openReports },
    })
  )
  return live && live.basis === basis ? live.counts : initial
}
