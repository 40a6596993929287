import { DropdownMenu } from 'radix-ui'
import { Link, router, usePage } from '@inertiajs/react'
import { LayoutDashboard, LogOut, UserCog } from 'lucide-react'
import { route } from '~/lib/route'
import { Avatar } from '~/components/shell/avatar'
import type { SharedProps } from '~/types'

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted'

export function UserMenu() {
  const { auth, can } = usePage<SharedProps>().props
  const user = auth.user!
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        aria-label="Account menu"
        data-testid="user-menu"
      >
        <Avatar initials={user.initials} name={user.fullName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          <div className="px-2 py-1.5">
            <p className="text-sm font-medium">{user.fullName}</p>
            <p className="text-xs text-muted-foreground">@{user.username}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link href={route('profile.edit')}>
              <UserCog className="size-4" aria-hidden /> Profile settings
            </Link>
          </DropdownMenu.Item>
          {can.admin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link href={route('dashboard')}>
                <LayoutDashboard className="size-4" aria-hidden /> Admin dashboard
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => router.post(route('session.destroy'))}>
            <LogOut className="size-4" aria-hidden /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
