import type { Data } from '~data'
import { AccountState } from '~/components/admin/dashboard/account_list'
import { DrilldownHeader } from '~/components/admin/dashboard/drilldown_header'
import { FilterTabs } from '~/components/admin/dashboard/filter_tabs'
import { KeysetPager } from '~/components/admin/dashboard/keyset_pager'
import { PostList } from '~/components/admin/dashboard/post_list'
import { Avatar } from '~/components/shell/avatar'
import { route } from '~/lib/route'

type State = 'all' | 'published' | 'pending' | 'rejected' | 'deleted'

const STATES: { key: State; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'published', label: 'Published' },
  { key: 'pending', label: 'Pending' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'deleted', label: 'Deleted' },
]

/** Dashboard/UserPosts (issue 19 §1): one person's posts in every state, newest first. */
export default function UserPostsPage({
  person,
  state,
  counts,
  posts,
  cursor,
  nextCursor,
}: {
  person: Data.Admin.AccountRow
  state: State
  counts: Record<State, number>
  posts: Data.Admin.RankedPost[]
  cursor: string | null
  nextCursor: string | null
}) {
  return (
    <div className="grid gap-6">
      <DrilldownHeader
        title={`Posts by ${person.fullName}`}
        definition="Every post and share this person wrote, in any state — published, waiting for approval, rejected, deleted — newest first."
      >
        <div className="flex min-w-0 items-center gap-3">
          <Avatar
            initials={person.initials}
            name={person.fullName}
            src={person.avatarUrl}
            decorative
          />
          <p className="min-w-0 text-sm break-all text-muted-foreground">
            @{person.username} · {person.email}
          </p>
          <AccountState account={person} />
        </div>
        <FilterTabs
          label="Post state"
          current={state}
          tabs={STATES.map((s) => ({
            key: s.key,
            label: s.label,
            count: counts[s.key],
            href: route('admin.dashboard.user_posts', { id: person.id }, { state: s.key }),
          }))}
        />
      </DrilldownHeader>
      <section aria-label="Posts" className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <PostList
          posts={posts}
          emptyTitle="No post"
          emptyText={
            state === 'all'
              ? `${person.fullName} has not written anything yet.`
              : 'No post in this state.'
          }
        />
      </section>
      <KeysetPager
        cursor={cursor}
        nextCursor={nextCursor}
        href={(c) => route('admin.dashboard.user_posts', { id: person.id }, { state, cursor: c })}
      />
    </div>
  )
}
