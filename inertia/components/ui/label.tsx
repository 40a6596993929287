import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/**
 * A form label (as Radix's Label, replaced to keep Radix off the first
 * load, issue 18 §4): a double click on its text does not select it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-medium leading-none', className)}
      {...props}
      onMouseDown={(event) => {
        // A control inside the label handles its own clicks.
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
    />
  )
}
