import { Link, router, usePage } from '@inertiajs/react'
import { LayoutDashboard, LogOut, User, UserCog } from 'lucide-react'
import { hasRoute, route } from '~/lib/route'
import { Avatar } from '~/components/shell/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown_menu'
import type { SharedProps } from '~/types'

/**
 * The avatar menu: who is signed in, their pages (each shown once its route
 * exists) and sign out.
 */
export function UserMenu() {
  const { auth, can } = usePage<SharedProps>().props
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
        {hasRoute('profiles.show') && (
          <DropdownMenuItem asChild>
            <Link href={route('profiles.show', user)}>
              <User aria-hidden /> My profile
            </Link>
          </DropdownMenuItem>
        )}
        {hasRoute('profile.edit') && (
          <DropdownMenuItem asChild>
            <Link href={route('profile.edit')}>
              <UserCog aria-hidden /> Profile settings
            </Link>
          </DropdownMenuItem>
        )}
        {can.admin && hasRoute('dashboard') && (
          <DropdownMenuItem asChild>
            <Link href={route('dashboard')}>
              <LayoutDashboard aria-hidden /> Admin dashboard
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => router.post(route('session.destroy'))}>
          <LogOut aria-hidden /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
