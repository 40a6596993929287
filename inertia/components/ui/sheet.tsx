import type { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'
import { DialogOverlay } from '~/components/ui/dialog'
import { useLoadedPart, type Primitives } from '~/components/ui/deferred'

/**
 * A dialog that slides in from a side of the screen (mobile navigation):
 * Dialog's root, trigger and close (Radix fetched after the first paint),
 * with its own content.
 */
export {
  Dialog as Sheet,
  DialogTrigger as SheetTrigger,
  DialogClose as SheetClose,
} from '~/components/ui/dialog'

const pickDialog = (loaded: Primitives) => loaded.Dialog

export function SheetContent({
  side = 'left',
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  side?: 'left' | 'right'
  closeLabel?: string
}) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return (
    <Parts.Portal>
      <DialogOverlay />
      <Parts.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto border bg-card p-4 text-card-foreground shadow-xl',
          side === 'left'
            ? 'left-0 border-l-0 data-[state=open]:animate-slide-in-left'
            : 'right-0 border-r-0 data-[state=open]:animate-slide-in-right',
          className
        )}
        {...props}
      >
        {children}
        <Parts.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
          <X className="size-4" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </Parts.Close>
      </Parts.Content>
    </Parts.Portal>
  )
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return <Parts.Title className={cn('font-semibold', className)} {...props} />
}

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return <Parts.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
