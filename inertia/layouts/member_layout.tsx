import type { ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { Toaster } from 'sonner'
import { Globe, Home } from 'lucide-react'
import { FlashAlert } from '~/components/shell/flash_alert'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { UserMenu } from '~/components/shell/user_menu'
import { Avatar } from '~/components/shell/avatar'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { SharedProps } from '~/types'

/**
 * Member navigation. Entries appear only once their route exists (the menu
 * labels are the product's: Home, Messages, My Likes, Top Posts, My Photos,
 * My Posts, My Videos).
 */
const MENU = [
  { label: 'Home', route: 'home', icon: Home, teamOnly: true },
  { label: 'Public', route: 'feed.public', icon: Globe, teamOnly: false },
] as const

export default function MemberLayout({ children }: { children: ReactNode }) {
  const { team, can, teamPanel } = usePage<SharedProps & { teamPanel?: TeamPanelMember[] }>().props
  const url = usePage().url
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link href={route('home')} className="flex items-center gap-2 font-semibold">
            <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
              {team.abbreviation.slice(0, 1)}
            </span>
            <span className="hidden sm:inline">{team.name}</span>
          </Link>
          <div className="flex-1" />
          <ThemeToggle />
          <UserMenu />
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:grid-cols-[200px_1fr] lg:grid-cols-[200px_1fr_240px]">
        <nav aria-label="Main" className="hidden md:block">
          <ul className="sticky top-20 grid gap-1">
            {MENU.filter((item) => hasRoute(item.route) && (can.teamFeed || !item.teamOnly)).map((item) => {
              const href = route(item.route)
              const active = url === href || (href !== '/' && url.startsWith(href))
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
        <main id="main" className="min-w-0">
          <FlashAlert />
          {children}
        </main>
        <aside aria-label="Team" className="hidden lg:block">
          <TeamPanel members={teamPanel ?? []} />
        </aside>
      </div>
      <Toaster position="top-center" richColors />
    </div>
  )
}

export interface TeamPanelMember {
  id: number
  fullName: string
  username: string
  initials: string
}

function TeamPanel({ members }: { members: TeamPanelMember[] }) {
  return (
    <section className="sticky top-20 rounded-xl border bg-card p-4">
      <h2 className="mb-3 text-sm font-semibold">Team</h2>
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">No teammates yet.</p>
      ) : (
        <ul className="grid gap-3">
          {members.map((m) => (
            <li key={m.id} className="flex items-center gap-2">
              <Avatar initials={m.initials} name={m.fullName} size="sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{m.fullName}</p>
                <p className="truncate text-xs text-muted-foreground">@{m.username}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
