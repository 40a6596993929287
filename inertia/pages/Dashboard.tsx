import {
  Clock,
  FileText,
  Film,
  Flag,
  Heart,
  Hourglass,
  Image,
  Mail,
  MessageSquare,
  Radio,
  ShieldCheck,
  UserCheck,
  UserX,
  Users,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { StatCard } from '~/components/admin/stat_card'
import { ActivityChart, type Activity } from '~/components/admin/dashboard/activity_chart'
import { useOnlineCount } from '~/components/live/online'

const ICONS: Record<string, ReactNode> = {
  members: <Users className="size-5" />,
  externals: <UserCheck className="size-5" />,
  admins: <ShieldCheck className="size-5" />,
  pendingApprovals: <Hourglass className="size-5" />,
  inactive: <UserX className="size-5" />,
  deletionPending: <Clock className="size-5" />,
  posts: <FileText className="size-5" />,
  comments: <MessageSquare className="size-5" />,
  likes: <Heart className="size-5" />,
  messages: <Mail className="size-5" />,
  photos: <Image className="size-5" />,
  videos: <Film className="size-5" />,
  pendingPosts: <Hourglass className="size-5" />,
  openReports: <Flag className="size-5" />,
  online: <Radio className="size-5" />,
}

const GROUPS: { key: Data.Admin.DashboardFigure['group']; title: string }[] = [
  { key: 'attention', title: 'Needs attention' },
  { key: 'accounts', title: 'Accounts' },
  { key: 'content', title: 'Content' },
]

/** Figures that ask for an administrator when above zero. */
const ATTENTION = new Set(['pendingApprovals', 'pendingPosts', 'openReports'])

/**
 * Admin dashboard (PRODUCT §9, issue 19 §1): every figure with its
 * definition next to it and a link to the list it counts, and the
 * activity chart. "Online now" follows the live presence channel.
 */
export default function DashboardPage({
  figures,
  activity,
}: {
  figures: Data.Admin.DashboardFigure[]
  activity: Activity
}) {
  const liveOnline = useOnlineCount()
  return (
    <div className="grid gap-8">
      <PageTitle title="Dashboard" />
      <header>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The team at a glance. Each figure says exactly what it counts and opens the list behind
          it.
        </p>
      </header>
      {GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`${group.key}-title`} className="grid gap-3">
          <h2 id={`${group.key}-title`} className="text-lg font-semibold">
            {group.title}
          </h2>
          <dl
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            data-testid={`figures-${group.key}`}
          >
            {figures
              .filter((figure) => figure.group === group.key)
              .map((figure) => (
                <StatCard
                  key={figure.key}
                  label={figure.label}
                  // Online now: live from the presence channel once connected.
                  value={figure.key === 'online' ? liveOnline || figure.value : figure.value}
                  definition={figure.definition}
                  icon={ICONS[figure.key]}
                  highlight={ATTENTION.has(figure.key) && figure.value > 0}
                  href={figure.href ?? undefined}
                  linkLabel={figure.linkLabel ?? undefined}
                  testId={figure.key === 'online' ? 'online-now' : `figure-${figure.key}`}
                />
              ))}
          </dl>
        </section>
      ))}
      <ActivityChart activity={activity} />
    </div>
  )
}
