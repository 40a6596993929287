import { useEffect, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip'
import { cn } from '~/lib/utils'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "3 minutes ago", "yesterday", "just now" (the browser's language). */
export function relativeTime(iso: string, now = Date.now()) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  }
  return 'just now'
}

export function fullTimestamp(iso: string) {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(iso)
  )
}

/** Re-renders every minute so "2 minutes ago" stays true. */
function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}

/**
 * A relative time with the full timestamp on hover and keyboard focus
 * (tooltip) and in the accessible name. With `href` the time is the link
 * to the post (one tab stop, named "{full timestamp}, open the post").
 */
export function RelativeTime({
  iso,
  href,
  className,
}: {
  iso: string | null
  href?: string | null
  className?: string
}) {
  const now = useNow()
  if (!iso) return null
  const full = fullTimestamp(iso)
  const relative = relativeTime(iso, now)
  const time = (
    <time dateTime={iso} title={full}>
      {relative}
    </time>
  )
  // The accessible name starts with the visible text (WCAG 2.5.3), and the
  // target is 24 px high for a finger (WCAG 2.5.8).
  const target = cn('inline-flex min-h-6 items-center', className)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {href ? (
          <Link href={href} aria-label={`${relative}, ${full}, open the post`} className={target}>
            {time}
          </Link>
        ) : (
          <span tabIndex={0} aria-label={`${relative}, ${full}`} className={target}>
            {time}
          </span>
        )}
      </TooltipTrigger>
      <TooltipContent>{full}</TooltipContent>
    </Tooltip>
  )
}
