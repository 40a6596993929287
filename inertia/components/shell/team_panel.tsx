import { Link, usePage } from '@inertiajs/react'
import { Avatar } from '~/components/shell/avatar'
import { OnlineDot, useOnlineIds } from '~/components/live/online'
import { hasRoute, route } from '~/lib/route'
import type { Person, SharedProps } from '~/types'

export type TeamPanelMember = Person

/**
 * The right-hand team panel: teammates, most recently active first (shared
 * prop `teamPanel`, computed by app/services/team_panel.ts).
 */
export function TeamPanel() {
  const { teamPanel } = usePage<SharedProps & { teamPanel?: TeamPanelMember[] }>().props
  const members = teamPanel ?? []
  const linkProfiles = hasRoute('profiles.show')
  const online = useOnlineIds()
  return (
    <section
      aria-labelledby="team-panel-title"
      className="rounded-xl border bg-card p-4"
      data-testid="team-panel"
    >
      <h2 id="team-panel-title" className="mb-3 text-sm font-semibold">
        Team
      </h2>
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">No teammates to show yet.</p>
      ) : (
        <ul className="grid gap-1">
          {members.map((m) => {
            const body = (
              <>
                <span className="relative shrink-0">
                  <Avatar
                    initials={m.initials}
                    name={m.fullName}
                    src={m.avatarUrl}
                    size="sm"
                    decorative
                  />
                  <OnlineDot online={online.has(m.id)} />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{m.fullName}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    @{m.username}
                  </span>
                </span>
              </>
            )
            return (
              <li key={m.id}>
                {linkProfiles ? (
                  <Link
                    href={route('profiles.show', m)}
                    className="-mx-2 flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="flex items-center gap-2 py-1.5">{body}</div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
