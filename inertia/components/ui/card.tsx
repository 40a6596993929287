import type { ComponentProps } from 'react'
import { cn, unlessSet } from '~/lib/utils'

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-xl border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  )
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-6 pb-3', className)} {...props} />
}

/**
 * The card's title styling. Put the heading element inside, at the level the
 * page needs (`<CardTitle><h1>Sign in</h1></CardTitle>`): a wrapper div, so
 * it never nests one heading in another.
 */
export function CardTitle({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-lg leading-none font-semibold', className)} {...props} />
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(unlessSet(className, { 'p-6 pt-3': /^p[trblxy]?-/ }), className)}
      {...props}
    />
  )
}
