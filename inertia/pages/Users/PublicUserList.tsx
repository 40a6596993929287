import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { ExternalsTable } from '~/components/admin/externals_table'
import { Pagination, type PaginationMeta } from '~/components/admin/pagination'
import { SearchBox } from '~/components/admin/search_box'
import { StatusTabs, type ExternalStatus } from '~/components/admin/status_tabs'
import { route } from '~/lib/route'
import type { Data } from '~data'

const EMPTY: Record<ExternalStatus, string> = {
  pending: 'Nobody is waiting for approval.',
  approved: 'No external account has been approved yet.',
  rejected: 'No registration has been rejected.',
  all: 'Nobody has registered with an outside e-mail address yet.',
}

/**
 * External accounts (PRODUCT §9): people who registered with an e-mail
 * outside the team's domains, to approve or reject.
 */
export default function PublicUserListPage({
  filters,
  counts,
  externals,
  pagination,
}: {
  filters: { status: ExternalStatus; q: string; page: number }
  counts: Record<ExternalStatus, number>
  externals: Data.User.Variants['forAdmin'][]
  pagination: PaginationMeta
}) {
  const beyondLastPage = externals.length === 0 && pagination.total > 0
  return (
    <div className="grid gap-6">
      <PageTitle title="External accounts" />
      <header>
        <h1 className="text-2xl font-semibold">External accounts</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          People who registered with an e-mail address outside the team's domains. They can sign in
          once approved, and see the public feed only.
        </p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <StatusTabs current={filters.status} counts={counts} q={filters.q} />
        <SearchBox
          url={route('users.public')}
          value={filters.q}
          params={{ status: filters.status }}
          label="Search external accounts"
          placeholder="Name, username or e-mail"
        />
      </div>

      <section
        aria-label="External accounts"
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        {beyondLastPage ? (
          <p className="p-6 text-sm">
            This page is empty.{' '}
            <Link
              href={pagination.firstPageUrl}
              className="font-medium text-primary hover:underline"
            >
              Go to the first page
            </Link>
          </p>
        ) : (
          <ExternalsTable
            rows={externals}
            emptyTitle={filters.q ? 'No match' : 'Nothing here'}
            emptyText={
              filters.q
                ? `No external account matches “${filters.q}” in this list.`
                : EMPTY[filters.status]
            }
          />
        )}
      </section>

      <Pagination meta={pagination} noun="accounts" />
    </div>
  )
}
