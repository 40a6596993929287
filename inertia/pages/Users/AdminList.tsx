import { Link } from '@adonisjs/inertia/react'
import { UserPlus } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { PeopleList, type PeopleListProps } from '~/components/admin/people/people_list'

/** Users/AdminList: the team's administrators, and a way to add one. */
export default function AdminListPage(props: PeopleListProps) {
  return (
    <div className="grid gap-6">
      <PageTitle title="Administrators" />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Administrators</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            People who run the back office. The last active administrator can be neither blocked nor
            demoted.
          </p>
        </div>
        <Link
          route="admin.admins.create"
          className="inline-flex h-9 shrink-0 items-center gap-2 self-start rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
        >
          <UserPlus className="size-4" aria-hidden /> Add an administrator
        </Link>
      </header>
      <PeopleList
        listRoute="admin.admins.index"
        props={props}
        withRoleTabs={false}
        noun="Administrators"
      />
    </div>
  )
}
