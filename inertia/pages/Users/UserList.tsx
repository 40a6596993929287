import { PageTitle } from '~/components/shell/page_title'
import { PeopleList, type PeopleListProps } from '~/components/admin/people/people_list'

/** Users/UserList: members and externals (PRODUCT §9), searchable, sortable, keyset-paginated. */
export default function UserListPage(props: PeopleListProps) {
  return (
    <div className="grid gap-6">
      <PageTitle title="People" />
      <header>
        <h1 className="text-2xl font-semibold">People</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Every member and external account. Open one to see their activity, edit it, reset its
          password or block it.
        </p>
      </header>
      <PeopleList listRoute="admin.users.index" props={props} withRoleTabs noun="People" />
    </div>
  )
}
