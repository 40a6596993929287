import { Clock, Hourglass, Radio, ShieldCheck, UserCheck, UserX, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageTitle } from '~/components/shell/page_title'
import { StatCard } from '~/components/admin/stat_card'
import { useOnlineCount } from '~/components/live/online'
import { hasRoute, route } from '~/lib/route'

export type AccountFigure = {
  key: string
  label: string
  definition: string
  value: number
}

const ICONS: Record<string, ReactNode> = {
  members: <Users className="size-5" />,
  externals: <UserCheck className="size-5" />,
  admins: <ShieldCheck className="size-5" />,
  pendingApprovals: <Hourglass className="size-5" />,
  inactive: <UserX className="size-5" />,
  deletionPending: <Clock className="size-5" />,
}

/** Admin dashboard (PRODUCT §9): account figures, each with its definition. */
export default function DashboardPage({ accounts }: { accounts: AccountFigure[] }) {
  return (
    <div className="grid gap-6">
      <PageTitle title="Dashboard" />
      <header>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The team's accounts at a glance. Each figure says exactly what it counts.
        </p>
      </header>
      <OnlineNow />
      <section aria-labelledby="accounts-title" className="grid gap-3">
        <h2 id="accounts-title" className="text-lg font-semibold">
          Accounts
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {accounts.map((figure) => {
            const pending = figure.key === 'pendingApprovals'
            return (
              <StatCard
                key={figure.key}
                label={figure.label}
                value={figure.value}
                definition={figure.definition}
                icon={ICONS[figure.key]}
                highlight={pending && figure.value > 0}
                href={
                  pending && hasRoute('users.public')
                    ? route('users.public', undefined, { status: 'pending' })
                    : undefined
                }
                linkLabel={pending ? 'Review pending registrations' : undefined}
              />
            )
          })}
        </dl>
      </section>
    </div>
  )
}

/** People online right now, from the live presence channel. */
function OnlineNow() {
  const online = useOnlineCount()
  return (
    <section aria-labelledby="online-title" className="grid gap-3">
      <h2 id="online-title" className="text-lg font-semibold">
        Right now
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="online-now">
        <StatCard
          label="Online now"
          value={online}
          definition="People signed in with Huddle open in a browser at this moment (you included); updates live."
          icon={<Radio className="size-5" />}
        />
      </dl>
    </section>
  )
}
