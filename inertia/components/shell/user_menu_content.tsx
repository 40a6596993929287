import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useSyncExternalStore } from 'react'
import { Download, LayoutDashboard, LogOut, User, UserCog } from 'lucide-react'
import { canInstall, promptInstall, subscribeInstallPrompt } from '~/lib/install_prompt'
import { route } from '~/lib/route'
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
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
 * The avatar menu's items (components/shell/user_menu.tsx), fetched with
 * Radix after the first paint: who is signed in, their pages, "Install
 * Huddle" when the browser offers it, and sign out.
 */
type SignedIn = NonNullable<Data.SharedProps['auth']['user']>

export function UserMenuContent({ user, admin }: { user: SignedIn; admin: boolean }) {
  const installable = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false)
  return (
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
      {admin && (
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
  )
}
