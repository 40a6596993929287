import type { Data } from '~data'
import { DrilldownHeader } from '~/components/admin/dashboard/drilldown_header'
import { KeysetPager } from '~/components/admin/dashboard/keyset_pager'
import { PostList } from '~/components/admin/dashboard/post_list'

/**
 * The body of the ranked-posts drill-downs (Dashboard/MostLikedPosts,
 * Dashboard/MostCommentPosts): header with the figure's definition, the
 * ranked list (ranks from 1 on the first page) and the keyset pager.
 */
export function RankedPostsPage({
  title,
  definition,
  label,
  highlight,
  posts,
  cursor,
  nextCursor,
  href,
}: {
  title: string
  definition: string
  /** aria-label of the list section */
  label: string
  highlight: 'likes' | 'comments'
  posts: Data.Admin.RankedPost[]
  cursor: string | null
  nextCursor: string | null
  href: (cursor?: string) => string
}) {
  return (
    <div className="grid gap-6">
      <DrilldownHeader title={title} definition={definition} />
      <section aria-label={label} className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <PostList
          posts={posts}
          highlight={highlight}
          rankFrom={cursor ? undefined : 1}
          emptyTitle="No published post yet"
          emptyText="Posts appear here once they are published."
        />
      </section>
      <KeysetPager cursor={cursor} nextCursor={nextCursor} href={href} />
    </div>
  )
}
