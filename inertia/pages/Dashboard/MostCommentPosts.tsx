import type { Data } from '~data'
import { RankedPostsPage } from '~/components/admin/dashboard/ranked_posts_page'
import { route } from '~/lib/route'

/**
 * Dashboard/MostCommentPosts (issue 19 §1): every published post, most
 * commented first; their comments add up to the "Comments" figure.
 */
export default function MostCommentPostsPage({
  posts,
  cursor,
  nextCursor,
}: {
  posts: Data.Admin.RankedPost[]
  cursor: string | null
  nextCursor: string | null
}) {
  return (
    <RankedPostsPage
      title="Most commented posts"
      definition="Published posts and shares, team and public, not deleted, ranked by their comments that are not deleted (ties: newest first). Their comments add up to the dashboard's Comments figure."
      label="Posts by comments"
      highlight="comments"
      posts={posts}
      cursor={cursor}
      nextCursor={nextCursor}
      href={(c) => route('admin.dashboard.most_commented', undefined, { cursor: c })}
    />
  )
}
