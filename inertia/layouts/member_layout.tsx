import type { ReactNode } from 'react'
import { AppToaster } from '~/components/shell/app_toaster'
import { Brand } from '~/components/shell/brand'
import { ConnectionStatus } from '~/components/shell/connection_status'
import {
  OfflineCopyBanner,
  OutboxStatus,
  useOfflineSupport,
} from '~/components/shell/offline_status'
import { FlashAlert } from '~/components/shell/flash_alert'
import { HeaderSearch } from '~/components/shell/header_search'
import { MobileNav } from '~/components/shell/mobile_nav'
import { NavList } from '~/components/shell/nav_list'
import { NotificationBell } from '~/components/shell/notification_bell'
import { SkipLink } from '~/components/shell/skip_link'
import { TeamPanel } from '~/components/shell/team_panel'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { UserMenu } from '~/components/shell/user_menu'
import { TooltipProvider } from '~/components/ui/tooltip'
import { UnreadMessagesBadge } from '~/components/messages/unread_badge'
import { MEMBER_MENU, type NavBadges } from '~/lib/navigation'

const BADGES: NavBadges = { unreadMessages: UnreadMessagesBadge }

/**
 * Shell for signed-in people: header (search, notification bell, avatar
 * menu), left menu, content, right team panel. On small screens the menu
 * (and the team panel) move into a sheet opened by the menu button.
 */
export default function MemberLayout({ children }: { children: ReactNode }) {
  useOfflineSupport()
  return (
    <TooltipProvider>
      <div className="min-h-screen" data-shell="member">
        <SkipLink />
        <AppToaster />
        <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
            <MobileNav title={<Brand />} className="md:hidden">
              <NavList items={MEMBER_MENU} label="Main" badges={BADGES} />
              <TeamPanel />
            </MobileNav>
            {/* On phones the mark alone shows; the link keeps the team's name. */}
            <Brand className="sr-only sm:not-sr-only" />
            <div className="flex min-w-0 flex-1 justify-center">
              <HeaderSearch className="w-full max-w-md" />
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <OutboxStatus />
              <ConnectionStatus />
              {<NotificationBell />}
              <ThemeToggle />
              <UserMenu />
            </div>
          </div>
        </header>
        <div className="mx-auto grid max-w-7xl gap-6 px-3 py-6 sm:px-4 md:grid-cols-[13rem_minmax(0,1fr)] lg:grid-cols-[13rem_minmax(0,1fr)_16rem]">
          <div className="hidden md:block">
            <div className="sticky top-20">
              <NavList items={MEMBER_MENU} label="Main" badges={BADGES} />
            </div>
          </div>
          <main id="main" tabIndex={-1} className="min-w-0 outline-none">
            <OfflineCopyBanner />
            <FlashAlert />
            {children}
          </main>
          <aside aria-label="Team" className="hidden lg:block">
            <div className="sticky top-20">
              <TeamPanel />
            </div>
          </aside>
        </div>
      </div>
    </TooltipProvider>
  )
}
