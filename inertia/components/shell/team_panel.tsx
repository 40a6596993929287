import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Avatar } from '~/components/shell/avatar'
import { OnlineDot, useOnlineIds } from '~/components/live/online'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * The right-hand team panel: teammates, most recently active first (shared
 * prop `teamPanel`, computed by app/services/team_panel.ts).
 */
export function TeamPanel() {
  const { teamPanel, auth, team } = usePage<Data.SharedProps>().props
  const members = teamPanel ?? []
  const online = useOnlineIds()
  if (auth.user?.role === 'external') return <GuestPanel teamName={team.name} />
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
                <Link
                  route="profiles.show"
                  routeParams={m}
                  className="-mx-2 flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted"
                >
                  {body}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/**
 * An external is not part of the team, so there is no team list to show:
 * the panel says what their account can do instead (PRODUCT.md, roles).
 */
function GuestPanel({ teamName }: { teamName: string }) {
  const links = [
    { href: route('feed.public'), label: 'Read the public feed' },
    { href: route('search'), label: 'Search posts' },
    { href: route('messages.index'), label: 'Open your messages' },
  ]
  return (
    <section
      aria-labelledby="team-panel-title"
      className="rounded-xl border bg-card p-4"
      data-testid="team-panel"
    >
      <h2 id="team-panel-title" className="mb-2 text-sm font-semibold">
        Your guest account
      </h2>
      <p className="text-sm text-muted-foreground">
        You are a guest of {teamName}: you can read, search and write public posts (yours are
        reviewed before others see them) and reply to team members who write to you.
      </p>
      {links.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="-mx-2 flex min-h-9 items-center rounded-md px-2 font-medium text-primary hover:bg-muted"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
