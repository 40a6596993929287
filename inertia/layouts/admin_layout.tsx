import type { ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { Toaster } from 'sonner'
import { Home, LayoutDashboard, Settings, UserCheck } from 'lucide-react'
import { FlashAlert } from '~/components/shell/flash_alert'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { UserMenu } from '~/components/shell/user_menu'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { SharedProps } from '~/types'

/** Admin sidebar; entries appear once their route exists. */
const MENU = [
  { label: 'Dashboard', route: 'dashboard', icon: LayoutDashboard },
  { label: 'External accounts', route: 'users.public', icon: UserCheck },
  { label: 'Settings', route: 'settings.edit', icon: Settings },
  { label: 'Back to the feed', route: 'home', icon: Home },
] as const

export default function AdminLayout({ children }: { children: ReactNode }) {
  const { team } = usePage<SharedProps>().props
  const url = usePage().url
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-60 shrink-0 border-r bg-card md:block">
        <div className="flex h-14 items-center gap-2 border-b px-4 font-semibold">
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
            {team.abbreviation.slice(0, 1)}
          </span>
          {team.name} admin
        </div>
        <nav aria-label="Admin" className="p-2">
          <ul className="grid gap-1">
            {MENU.filter((item) => hasRoute(item.route)).map((item) => {
              const href = route(item.route)
              const active = item.route !== 'home' && url.startsWith(href)
              return (
                <li key={item.route}>
                  <Link
                    href={href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted',
                      active && 'bg-accent text-accent-foreground'
                    )}
                  >
                    <item.icon className="size-4" aria-hidden />
                    {item.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-end gap-2 border-b bg-card px-4">
          <ThemeToggle />
          <UserMenu />
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-6">
          <FlashAlert />
          {children}
        </main>
      </div>
      <Toaster position="top-center" richColors />
    </div>
  )
}
