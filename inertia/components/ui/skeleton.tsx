import type { ComponentProps } from 'react'
import { cn, GROUP, unlessSet } from '~/lib/utils'

/** A grey placeholder block that pulses while content loads (hidden from screen readers). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn(
        'animate-pulse bg-muted motion-reduce:animate-none',
        unlessSet(className, { 'rounded-md': GROUP.rounded }),
        className
      )}
      {...props}
    />
  )
}
