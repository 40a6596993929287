import { Dialog, DropdownMenu, Tooltip } from 'radix-ui'
import type { ComponentProps } from 'react'

/**
 * Radix's menu, dialog and tooltip (with Floating UI, focus trapping and
 * scroll locking: about 35 KB gzip), in a chunk of their own that
 * components/ui/deferred.tsx fetches once the page has painted. Only
 * deferred.tsx imports this file, and only dynamically.
 */
export { Dialog, DropdownMenu, Tooltip }

/** A tooltip with its own provider (300 ms delay): no app-wide provider to swap in. */
export function TooltipRoot(props: ComponentProps<typeof Tooltip.Root>) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root {...props} />
    </Tooltip.Provider>
  )
}
