import { usePage } from '@inertiajs/react'
import { Avatar } from '~/components/shell/avatar'
import { withPrimitives } from '~/components/ui/deferred'
import { DropdownMenu, DropdownMenuTrigger } from '~/components/ui/dropdown_menu'
import type { Data } from '~data'

// Its items: fetched with Radix after the first paint (components/ui/deferred.tsx).
const UserMenuContent = withPrimitives(() =>
  import('~/components/shell/user_menu_content').then((m) => m.UserMenuContent)
)

/**
 * The avatar menu: who is signed in, their pages (each shown once its route
 * exists), "Install Huddle" when the browser offers it, and sign out
 * (components/shell/user_menu_content.tsx).
 */
export function UserMenu() {
  const { auth, can } = usePage<Data.SharedProps>().props
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
      <UserMenuContent user={user} admin={Boolean(can.admin)} />
    </DropdownMenu>
  )
}
