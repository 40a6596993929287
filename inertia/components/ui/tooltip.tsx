import type { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/utils'
import {
  DeferredRoot,
  DeferredTrigger,
  useLoadedPart,
  type Primitives,
} from '~/components/ui/deferred'

/**
 * Tooltips (Radix: shown on hover and keyboard focus, Escape hides); a
 * tooltip never carries information that is not also in the control's
 * accessible name. Radix is fetched after the first paint
 * (components/ui/deferred.tsx): until then the trigger is shown alone.
 */
const pickTooltip = (loaded: Primitives) => loaded.Tooltip
const pickRoot = (loaded: Primitives) => loaded.TooltipRoot
const pickTrigger = (loaded: Primitives) => loaded.Tooltip.Trigger

/**
 * Kept for the layouts: each tooltip now brings its own provider (300 ms
 * delay), so that nothing above the page changes when Radix arrives.
 */
export function TooltipProvider({ children }: { children?: ReactNode; delayDuration?: number }) {
  return children
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  return <DeferredRoot {...props} pick={pickRoot} />
}

export function TooltipTrigger(props: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <DeferredTrigger {...props} pick={pickTrigger} />
}

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  const Parts = useLoadedPart(pickTooltip)
  if (!Parts) return null
  return (
    <Parts.Portal>
      <Parts.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className
        )}
        {...props}
      />
    </Parts.Portal>
  )
}
