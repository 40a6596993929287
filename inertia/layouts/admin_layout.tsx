import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AppToaster } from '~/components/shell/app_toaster'
import { ArrowLeft } from 'lucide-react'
import { Brand } from '~/components/shell/brand'
import { FlashAlert } from '~/components/shell/flash_alert'
import { MobileNav } from '~/components/shell/mobile_nav'
import { NavGroups } from '~/components/shell/nav_list'
import { ConnectionStatus } from '~/components/shell/connection_status'
import { NotificationBell } from '~/components/shell/notification_bell'
import { SkipLink } from '~/components/shell/skip_link'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { UserMenu } from '~/components/shell/user_menu'
import { TooltipProvider } from '~/components/ui/tooltip'
import { ADMIN_NAV } from '~/components/admin/navigation'
import { OpenReportsBadge, PendingPostsBadge } from '~/components/admin/moderation_badge'
import type { NavBadges } from '~/lib/navigation'

const BADGES: NavBadges = { pendingPosts: PendingPostsBadge, openReports: OpenReportsBadge }

/**
 * Back-office shell: a sidebar on wide screens, collapsed into a menu
 * button (sheet) on small ones. Entries appear once their routes exist.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="flex min-h-screen" data-shell="admin">
        <SkipLink />
        <AppToaster />
        <aside className="hidden w-64 shrink-0 border-r bg-card md:block">
          <div className="sticky top-0 flex max-h-screen flex-col">
            <div className="flex h-14 items-center border-b px-4">
              <Brand suffix="admin" />
            </div>
            <div className="grid gap-4 overflow-y-auto p-2 pt-4">
              <NavGroups groups={ADMIN_NAV} label="Admin" badges={BADGES} />
              <BackToFeed />
            </div>
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-card/90 px-3 backdrop-blur sm:px-4">
            <MobileNav title={<Brand suffix="admin" />} className="md:hidden">
              <NavGroups groups={ADMIN_NAV} label="Admin" badges={BADGES} />
              <BackToFeed />
            </MobileNav>
            <span className="truncate font-semibold md:hidden">Admin</span>
            <div className="flex-1" />
            <ConnectionStatus />
            {<NotificationBell />}
            <ThemeToggle />
            <UserMenu />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none sm:p-6"
          >
            <FlashAlert />
            {children}
          </main>
        </div>
      </div>
    </TooltipProvider>
  )
}

function BackToFeed() {
  return (
    <Link
      route="home"
      className="flex items-center gap-3 rounded-md border-t px-3 pt-4 pb-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to the feed
    </Link>
  )
}
