import type { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn, unlessSet } from '~/lib/utils'
import {
  DeferredRoot,
  DeferredTrigger,
  useLoadedPart,
  type Primitives,
} from '~/components/ui/deferred'

/**
 * Modal dialog (Radix: focus trap, Escape to close, focus returns to the
 * trigger, aria-modal). Always give it a DialogTitle; use
 * DialogDescription or `aria-describedby={undefined}` on the content.
 * Radix itself is fetched after the first paint (components/ui/deferred.tsx);
 * a dialog opened before it has arrived shows as soon as it has.
 */
const pickDialog = (loaded: Primitives) => loaded.Dialog
const pickRoot = (loaded: Primitives) => loaded.Dialog.Root
const pickTrigger = (loaded: Primitives) => loaded.Dialog.Trigger

export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DeferredRoot {...props} pick={pickRoot} />
}

export function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DeferredTrigger {...props} pick={pickTrigger} popup="dialog" />
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  const Parts = useLoadedPart(pickDialog)
  return Parts ? <Parts.Close {...props} /> : null
}

export function DialogPortal(props: ComponentProps<typeof DialogPrimitive.Portal>) {
  const Parts = useLoadedPart(pickDialog)
  return Parts ? <Parts.Portal {...props} /> : null
}

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return (
    <Parts.Overlay
      className={cn('fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  )
}

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return (
    <Parts.Portal>
      <DialogOverlay />
      <Parts.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg data-[state=open]:animate-zoom-in',
          unlessSet(className, { 'max-w-lg': /^max-w-/ }),
          className
        )}
        {...props}
      >
        {children}
        <Parts.Close className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground">
          <X className="size-4" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </Parts.Close>
      </Parts.Content>
    </Parts.Portal>
  )
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-6', className)} {...props} />
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return <Parts.Title className={cn('text-lg font-semibold leading-none', className)} {...props} />
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  const Parts = useLoadedPart(pickDialog)
  if (!Parts) return null
  return <Parts.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
