import { Link, usePage } from '@inertiajs/react'
import { activeHref, type NavItem, visibleItems } from '~/lib/navigation'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import { UnreadMessagesBadge } from '~/components/messages/unread_badge'
import type { SharedProps } from '~/types'

/**
 * A vertical menu of the shell's entries that exist for this viewer, with
 * the current page marked (aria-current).
 */
export function NavList({ items, label }: { items: readonly NavItem[]; label: string }) {
  const page = usePage<SharedProps>()
  const entries = visibleItems(items, { hasRoute, teamFeed: page.props.can.teamFeed }).map(
    (item) => ({ ...item, href: route(item.route) })
  )
  const current = activeHref(
    page.url,
    entries.map((e) => e.href)
  )
  if (entries.length === 0) return null
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {entries.map((item) => {
          const active = item.href === current
          return (
            <li key={item.route}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted hover:text-foreground',
                  active &&
                    'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground'
                )}
              >
                <item.icon className="size-4 shrink-0" aria-hidden />
                {item.label}
                {item.badge === 'unreadMessages' && <UnreadMessagesBadge />}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
