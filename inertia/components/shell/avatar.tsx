import { cn } from '~/lib/utils'

const SIZES = {
  sm: 'size-7 text-xs',
  md: 'size-9 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-20 text-2xl sm:size-28 sm:text-3xl',
} as const

/**
 * A user's avatar: their photo when they uploaded one (`src`, served by
 * the authorising avatar route), else their initials on a colour derived
 * from the name (stable per person, dark enough for white text).
 * `decorative` when the name is written next to it, so screen readers do
 * not read it twice.
 */
export function Avatar({
  initials,
  name,
  src = null,
  size = 'md',
  decorative = false,
}: {
  initials: string
  name: string
  src?: string | null
  size?: keyof typeof SIZES
  decorative?: boolean
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        className={cn('shrink-0 rounded-full object-cover', SIZES[size])}
      />
    )
  }
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) % 360
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { 'role': 'img', 'aria-label': name })}
      style={{ backgroundColor: `hsl(${hash} 50% 32%)` }}
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-full font-semibold text-white',
        SIZES[size]
      )}
    >
      {initials}
    </span>
  )
}
