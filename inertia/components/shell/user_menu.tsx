import { router, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useSyncExternalStore } from 'react'
import { Download, LayoutDashboard, LogOut, User, UserCog } from 'lucide-react'
import { canInstall, promptInstall, subscribeInstallPrompt } from '~/lib/install_prompt'
import { route } from '~/lib/route'
import { Avatar } from '~/components/shell/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown_menu'
import type { Data } from '~data'

/**
 * Signing out forgets this device first: its push subscription (so the next
 * person here gets none of ours), caches and composer drafts (lib/pwa.ts,
 * loaded then).
 */
async function signOut() {
  await import('~/lib/pwa').then((pwa) => pwa.forgetThisDevice()).catch(() => null)
  router.post(route('session.destroy'))
}

/**
 * The avatar menu: who is signed in, their pages (each shown once its route
 * exists), "Install Huddle" when the browser offers it, and sign out.
 */
export function UserMenu() {
  const { auth, can } = usePage<Data.SharedProps>().props
  const installable = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false)
  const user = auth.user
  if (!user) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="user-menu"
      >
        {/* Named by its text, not aria-label: the initials are only its picture (WCAG 2.5.3). */}
        <Avatar initials={user.initials} name={user.fullName} src={user.avatarUrl} decorative />
        <span className="sr-only">Account menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.fullName}</span>
          <span className="block truncate text-xs text-muted-foreground">@{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link route="profiles.show" routeParams={user}>
            <User aria-hidden /> My profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link route="profile.edit">
            <UserCog aria-hidden /> Profile settings
          </Link>
        </DropdownMenuItem>
        {can.admin && (
          <DropdownMenuItem asChild>
            <Link route="dashboard">
              <LayoutDashboard aria-hidden /> Admin dashboard
            </Link>
          </DropdownMenuItem>
        )}
        {installable && (
          <DropdownMenuItem onSelect={() => void promptInstall()}>
            <Download aria-hidden /> Install Huddle
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
