import { Link } from '@adonisjs/inertia/react'

/**
 * The keyset pager under an admin list (Team posts, Admin posts, Audit
 * log, the moderation queue, Reports, Failed jobs): back to the first page, the next page with the list's filters
 * kept, or an end-of-list line once the last page is shown.
 */
export function ListPager({
  href,
  params = {},
  cursor,
  nextCursor,
  firstLabel,
  nextLabel,
  endText,
}: {
  href: string
  params?: Record<string, string | undefined>
  cursor: string | null
  nextCursor: string | null
  firstLabel: string
  nextLabel: string
  /** Shown instead of the next link on the last page; null when the list is empty. */
  endText: string | null
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {cursor ? (
        <Link href={href} data={params} className="font-medium text-primary hover:underline">
          ← {firstLabel}
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link
          href={href}
          data={{ ...params, cursor: nextCursor }}
          className="font-medium text-primary hover:underline"
          rel="next"
        >
          {nextLabel} →
        </Link>
      ) : (
        endText && <span className="text-muted-foreground">{endText}</span>
      )}
    </nav>
  )
}
