import { useEffect, useState, type ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { Menu } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '~/components/ui/sheet'
import { cn } from '~/lib/utils'

/**
 * The menu button of small screens: opens the shell's navigation in a
 * sheet (a Radix dialog: focus trapped, Escape closes, focus returns to the
 * button). It closes itself when a visit starts.
 */
export function MobileNav({
  title,
  children,
  className,
}: {
  title: ReactNode
  children: ReactNode
  className?: string
}) {
  const [open, setOpen] = useState(false)
  useEffect(() => router.on('start', () => setOpen(false)), [])

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('shrink-0', className)}
          aria-label="Open menu"
          data-testid="mobile-menu-button"
        >
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" data-testid="mobile-menu" closeLabel="Close menu">
        <SheetTitle className="pr-8">{title}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <div className="mt-2 grid gap-6">{children}</div>
      </SheetContent>
    </Sheet>
  )
}
