import {
  Bell,
  FileText,
  Flag,
  Globe,
  Heart,
  Home,
  KeyRound,
  Image,
  LayoutDashboard,
  type LucideIcon,
  MessageCircle,
  Newspaper,
  ScrollText,
  Settings,
  ShieldCheck,
  TrendingUp,
  TriangleAlert,
  UserCheck,
  UserCog,
  Users,
  Video,
  Webhook,
} from 'lucide-react'
import type { RouteName } from '~/lib/route'

/**
 * The shells' menus. "Navigation shows only what exists": an entry appears
 * only once its named route is registered on the server (the route registry
 * has it, inertia/lib/route.ts), so later features light up by themselves.
 */
export type NavItem = {
  label: string
  /** A route name; may name a route still to come (admin back office): hasRoute() decides. */
  route: string
  icon: LucideIcon
  /** Shown only to people who may see the team feed (members and admins). */
  teamOnly?: boolean
  /** A live count next to the label (the moderation ones: admins only). */
  badge?: 'unreadMessages' | 'pendingPosts' | 'openReports'
}

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

/** A titled part of the admin menu. */
export type NavGroup = { label: string; items: readonly NavItem[] }

/**
 * The back office's menu, in four groups (issue 19): each part's pages go
 * in their group. An entry shows once its route exists (hasRoute), so an
 * entry may name a page still being built; an empty group is not shown.
 */
export const ADMIN_NAV: readonly NavGroup[] = [
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', route: 'dashboard', icon: LayoutDashboard }],
  },
  {
    label: 'Moderation',
    items: [
      {
        label: 'Moderation queue',
        route: 'admin.moderation.index',
        icon: ShieldCheck,
        badge: 'pendingPosts',
      },
      { label: 'Team posts', route: 'admin.moderation.posts', icon: Newspaper },
      { label: 'Reports', route: 'admin.reports.index', icon: Flag, badge: 'openReports' },
      { label: 'Admin posts', route: 'admin.posts.index', icon: FileText },
    ],
  },
  {
    label: 'People',
    items: [
      { label: 'People', route: 'admin.users.index', icon: Users },
      { label: 'External accounts', route: 'users.public', icon: UserCheck },
      { label: 'Admins', route: 'admin.admins.index', icon: UserCog },
      { label: 'Photos', route: 'admin.photos.index', icon: Image },
    ],
  },
  {
    label: 'System',
    items: [
      { label: 'Audit log', route: 'admin.audit.index', icon: ScrollText },
      { label: 'API tokens', route: 'admin.tokens.index', icon: KeyRound },
      { label: 'Webhooks', route: 'admin.webhooks.index', icon: Webhook },
      { label: 'Failed jobs', route: 'admin.jobs.index', icon: TriangleAlert },
      { label: 'Settings', route: 'settings.edit', icon: Settings },
    ],
  },
]

/** Every admin entry, in menu order. */
export const ADMIN_MENU: readonly NavItem[] = ADMIN_NAV.flatMap((group) => group.items)

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
