import { useMemo } from 'react'
import { usePage } from '@inertiajs/react'
import { usePresenceMembers } from '~/lib/realtime'
import { cn, unlessSet } from '~/lib/utils'
import type { Data } from '~data'
import { ONLINE_CHANNEL } from '#services/realtime/channels'

/**
 * Online presence (issue 4 §4): the members of `presence-online` (the team
 * signed in with the app open). All callers share one subscription.
 * Externals may not join it (start/channels.ts), so they do not subscribe.
 */
export function useOnlineIds(): ReadonlySet<number> {
  const role = usePage<Data.SharedProps>().props.auth?.user?.role
  const team = role === 'member' || role === 'admin'
  const members = usePresenceMembers(team ? ONLINE_CHANNEL : '')
  return useMemo(() => new Set(members.map((member) => Number(member.id))), [members])
}

/** How many people are online now. */
export function useOnlineCount() {
  return useOnlineIds().size
}

/**
 * A green dot on the corner of an avatar (the parent is `relative`), with
 * a text alternative; nothing when the person is offline.
 */
export function OnlineDot({
  online,
  size = 'sm',
  className,
}: {
  online: boolean
  size?: 'sm' | 'lg'
  className?: string
}) {
  if (!online) return null
  return (
    <>
      <span
        aria-hidden
        title="Online"
        data-testid="online-dot"
        className={cn(
          'absolute block rounded-full bg-emerald-500 ring-card',
          unlessSet(className, { 'right-0': /^right-/, 'bottom-0': /^bottom-/ }),
          size === 'sm' ? 'size-2.5 ring-2' : 'size-4 ring-4',
          className
        )}
      />
      <span className="sr-only">(online)</span>
    </>
  )
}
