import { Avatar } from '~/components/shell/avatar'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/** The author's photo when they uploaded one, else their initials. */
export function AuthorAvatar({
  author,
  size = 'md',
  decorative = true,
}: {
  author: Data.Person
  size?: 'sm' | 'md'
  decorative?: boolean
}) {
  if (author.avatarUrl) {
    return (
      <img
        src={author.avatarUrl}
        alt={decorative ? '' : author.fullName}
        className={cn('shrink-0 rounded-full object-cover', size === 'sm' ? 'size-7' : 'size-9')}
      />
    )
  }
  return (
    <Avatar initials={author.initials} name={author.fullName} size={size} decorative={decorative} />
  )
}

/** Placeholder for an author whose account is no longer shown. */
export function UnknownAuthor() {
  return <span className="text-sm text-muted-foreground">A former member</span>
}
