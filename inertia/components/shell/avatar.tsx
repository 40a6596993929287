import { cn } from '~/lib/utils'

/**
 * A user's avatar. Until photo uploads exist, their initials on a colour
 * derived from the name (stable per person, dark enough for white text).
 * `decorative` when the name is written next to it, so screen readers do
 * not read it twice.
 */
export function Avatar({
  initials,
  name,
  size = 'md',
  decorative = false,
}: {
  initials: string
  name: string
  size?: 'sm' | 'md' | 'lg'
  decorative?: boolean
}) {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) % 360
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { 'role': 'img', 'aria-label': name })}
      style={{ backgroundColor: `hsl(${hash} 50% 32%)` }}
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-full font-semibold text-white',
        size === 'sm' && 'size-7 text-xs',
        size === 'md' && 'size-9 text-sm',
        size === 'lg' && 'size-16 text-xl'
      )}
    >
      {initials}
    </span>
  )
}
