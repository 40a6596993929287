import type { ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { Toaster } from 'sonner'
import { FlashAlert } from '~/components/shell/flash_alert'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { route } from '~/lib/route'
import type { SharedProps } from '~/types'

export default function GuestLayout({ children }: { children: ReactNode }) {
  const { team } = usePage<SharedProps>().props
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <Link href={route('home')} className="flex items-center gap-2 text-lg font-semibold">
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
            {team.abbreviation.slice(0, 1)}
          </span>
          {team.name}
        </Link>
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 pb-16">
        <FlashAlert />
        {children}
      </main>
      <Toaster position="top-center" richColors />
    </div>
  )
}
