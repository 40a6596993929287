import {
  FileText,
  Flag,
  Image,
  KeyRound,
  LayoutDashboard,
  Newspaper,
  ScrollText,
  Settings,
  ShieldCheck,
  TriangleAlert,
  UserCheck,
  UserCog,
  Users,
  Webhook,
} from 'lucide-react'
import type { NavGroup, NavItem } from '~/lib/navigation'

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
