import type { ComponentProps } from 'react'
import { cn, unlessSet } from '~/lib/utils'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-9 rounded-md border border-input px-3 py-1 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive',
        unlessSet(className, { 'w-full': /^(w|size)-/, 'bg-card': /^bg-/ }),
        className
      )}
      {...props}
    />
  )
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive',
        unlessSet(className, { 'min-h-20': /^min-h-/ }),
        className
      )}
      {...props}
    />
  )
}
