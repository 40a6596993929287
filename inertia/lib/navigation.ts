import {
  Bell,
  Globe,
  Heart,
  Home,
  Image,
  type LucideIcon,
  MessageCircle,
  Newspaper,
  TrendingUp,
  Video,
} from 'lucide-react'
import type { ComponentType } from 'react'
import type { RouteName } from '~/lib/route'

/**
 * The member shell's menu, and what the shells' menus share. "Navigation
 * shows only what exists": an entry appears only once its named route is
 * registered on the server (the route registry has it, inertia/lib/route.ts),
 * so later features light up by themselves. The admin menu is in
 * components/admin/navigation.ts, with the admin shell: its icons are not
 * part of a member page's first load.
 */
export type NavItem = {
  label: string
  /** A route name; may name a route still to come (admin back office): hasRoute() decides. */
  route: string
  icon: LucideIcon
  /** Shown only to people who may see the team feed (members and admins). */
  teamOnly?: boolean
  /** A live count next to the label (the moderation ones: admins only), drawn by `NavBadges`. */
  badge?: NavBadge
}

export type NavBadge = 'unreadMessages' | 'pendingPosts' | 'openReports'

/**
 * The components that draw a menu's badges, given by the shell that shows
 * the menu: each shell's chunk carries only its own (the moderation counts
 * go with the admin shell).
 */
export type NavBadges = Partial<Record<NavBadge, ComponentType>>

export const MEMBER_MENU: readonly NavItem[] = [
  { label: 'Home', route: 'home', icon: Home, teamOnly: true },
  { label: 'Public feed', route: 'feed.public', icon: Globe },
  { label: 'Messages', route: 'messages.index', icon: MessageCircle, badge: 'unreadMessages' },
  { label: 'Notifications', route: 'notifications.index', icon: Bell },
  { label: 'Top posts', route: 'posts.top', icon: TrendingUp },
  { label: 'My posts', route: 'posts.mine', icon: Newspaper },
  { label: 'My likes', route: 'posts.liked', icon: Heart },
  { label: 'My photos', route: 'photos.index', icon: Image },
  { label: 'My videos', route: 'videos.index', icon: Video },
]

/** A titled part of a menu (the admin menu's groups: components/admin/navigation.ts). */
export type NavGroup = { label: string; items: readonly NavItem[] }

/** Entries whose route exists and that this viewer may use. */
export function visibleItems(
  items: readonly NavItem[],
  options: { hasRoute: (name: string) => boolean; teamFeed: boolean }
) {
  return items.filter(
    (item) => options.hasRoute(item.route) && (options.teamFeed || !item.teamOnly)
  ) as (NavItem & { route: RouteName })[] // hasRoute() found each name in the route list
}

/**
 * The href to mark as the current page: the longest one that is the current
 * path or a parent of it ("/" only matches itself), so "/admin" is not
 * highlighted on "/admin/users" when "/admin/users" is in the menu too.
 */
export function activeHref(url: string, hrefs: readonly string[]) {
  const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1')
  let best: string | null = null
  for (const href of hrefs) {
    const matches = href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`)
    if (matches && (!best || href.length > best.length)) best = href
  }
  return best
}
