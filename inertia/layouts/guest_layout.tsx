import type { ReactNode } from 'react'
import { AppToaster } from '~/components/shell/app_toaster'
import { Brand } from '~/components/shell/brand'
import { FlashAlert } from '~/components/shell/flash_alert'
import { SkipLink } from '~/components/shell/skip_link'
import { ThemeToggle } from '~/components/shell/theme_toggle'
import { TooltipProvider } from '~/components/ui/tooltip'
import { cn } from '~/lib/utils'

/**
 * Shell for visitors who are not signed in: the team's name, the page
 * centred (a narrow column for forms, wider for the landing page).
 */
export default function GuestLayout({
  children,
  wide = false,
}: {
  children: ReactNode
  wide?: boolean
}) {
  return (
    <TooltipProvider>
      <div className="flex min-h-screen flex-col" data-shell="guest">
        <SkipLink />
        <AppToaster />
        <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Brand className="text-lg" />
          <ThemeToggle />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'mx-auto flex w-full flex-1 flex-col justify-center px-4 pb-16 outline-none',
            wide ? 'max-w-3xl' : 'max-w-md'
          )}
        >
          <FlashAlert />
          {children}
        </main>
      </div>
    </TooltipProvider>
  )
}
