import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import {
  activeHref,
  type NavBadges,
  type NavGroup,
  type NavItem,
  visibleItems,
} from '~/lib/navigation'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

type Entry = NavItem & { href: string }

function useEntries(items: readonly NavItem[]): Entry[] {
  const page = usePage<Data.SharedProps>()
  return visibleItems(items, { hasRoute, teamFeed: page.props.can.teamFeed }).map((item) => ({
    ...item,
    href: route(item.route),
  }))
}

/**
 * A vertical menu of the shell's entries that exist for this viewer, with
 * the current page marked (aria-current).
 */
export function NavList({
  items,
  label,
  badges = {},
}: {
  items: readonly NavItem[]
  label: string
  badges?: NavBadges
}) {
  const page = usePage()
  const entries = useEntries(items)
  const current = activeHref(
    page.url,
    entries.map((e) => e.href)
  )
  if (entries.length === 0) return null
  return (
    <nav aria-label={label}>
      <Entries entries={entries} current={current} badges={badges} />
    </nav>
  )
}

/**
 * The admin menu: one titled list per group (Overview, Moderation, People,
 * System), a group without visible entries left out. The current page is
 * the longest matching href across all groups.
 */
export function NavGroups({
  groups,
  label,
  badges = {},
}: {
  groups: readonly NavGroup[]
  label: string
  badges?: NavBadges
}) {
  const page = usePage()
  const all = useEntries(groups.flatMap((group) => group.items))
  const current = activeHref(
    page.url,
    all.map((e) => e.href)
  )
  const visible = groups
    .map((group) => ({
      label: group.label,
      entries: all.filter((entry) => group.items.some((item) => item.route === entry.route)),
    }))
    .filter((group) => group.entries.length > 0)
  if (visible.length === 0) return null
  return (
    <nav aria-label={label} className="grid gap-4">
      {visible.map((group) => {
        const id = `nav-group-${group.label.toLowerCase().replace(/\W+/g, '-')}`
        return (
          <section key={group.label} aria-labelledby={id} className="grid gap-1">
            <h2
              id={id}
              className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {group.label}
            </h2>
            <Entries entries={group.entries} current={current} badges={badges} />
          </section>
        )
      })}
    </nav>
  )
}

function Entries({
  entries,
  current,
  badges,
}: {
  entries: Entry[]
  current: string | null
  badges: NavBadges
}) {
  return (
    <ul className="grid gap-1">
      {entries.map((item) => {
        const active = item.href === current
        const Badge = item.badge && badges[item.badge]
        return (
          <li key={item.route}>
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                active
                  ? 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground'
                  : 'text-foreground/80 hover:bg-muted hover:text-foreground'
              )}
            >
              <item.icon className="size-4 shrink-0" aria-hidden />
              {item.label}
              {Badge && <Badge />}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
