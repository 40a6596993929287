import type { Data } from '~data'
import { RankedPostsPage } from '~/components/admin/dashboard/ranked_posts_page'
import { route } from '~/lib/route'

/**
 * Dashboard/MostLikedPosts (issue 19 §1): every post the dashboard's
 * "Posts" figure counts, most liked first; their likes add up to the
 * "Likes" figure.
 */
export default function MostLikedPostsPage({
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
      title="Most liked posts"
      definition="Published posts and shares, team and public, not deleted, ranked by their likes (ties: newest first). Their likes add up to the dashboard's Likes figure."
      label="Posts by likes"
      highlight="likes"
      posts={posts}
      cursor={cursor}
      nextCursor={nextCursor}
      href={(c) => route('admin.dashboard.most_liked', undefined, { cursor: c })}
    />
  )
}
