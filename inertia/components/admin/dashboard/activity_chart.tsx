import { lazy, Suspense, useState } from 'react'
import type { Data } from '~data'
import { Skeleton } from '~/components/ui/skeleton'
import { FilterTabs } from '~/components/admin/dashboard/filter_tabs'
import type { ActivitySeries } from '~/components/admin/dashboard/activity_chart_canvas'
import { route } from '~/lib/route'

const ActivityChartCanvas = lazy(() => import('~/components/admin/dashboard/activity_chart_canvas'))

export type Activity = {
  days: number
  ranges: number[]
  complete: boolean
  series: (ActivitySeries & { definition: string })[]
  points: Data.Admin.ActivityDay[]
}

/**
 * The dashboard's activity over time (issue 19 §1): new posts, comments,
 * likes and accounts per day over 30 / 90 / 365 days. The chart library
 * loads in its own chunk, only here; the same figures are in a table for
 * screen readers and keyboard users ("Show the figures as a table").
 */
export function ActivityChart({ activity }: { activity: Activity }) {
  const [table, setTable] = useState(false)
  const totals = activity.series.map((s) => ({
    ...s,
    total: activity.points.reduce((sum, p) => sum + p[s.key], 0),
  }))
  const label = `Line chart of new posts, comments, likes and accounts per day over the last ${activity.days} days: ${totals
    .map((t) => `${t.total} ${t.label.toLowerCase()}`)
    .join(', ')}.`
  return (
    <section aria-labelledby="activity-title" className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="activity-title" className="text-lg font-semibold">
          Activity
        </h2>
        <FilterTabs
          label="Period"
          current={String(activity.days)}
          tabs={activity.ranges.map((r) => ({
            key: String(r),
            label: `${r} days`,
            href: route('dashboard', undefined, { days: r }),
          }))}
        />
      </div>
      <div className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {totals.map((t) => (
            <div key={t.key} className="min-w-0">
              <dt className="text-xs text-muted-foreground">
                {t.label} <span className="sr-only">over {activity.days} days</span>
              </dt>
              <dd
                className="text-xl font-semibold tabular-nums"
                data-testid={`activity-total-${t.key}`}
              >
                {t.total.toLocaleString()}
              </dd>
              <dd className="text-xs text-muted-foreground">{t.definition}</dd>
            </div>
          ))}
        </dl>
        {!activity.complete && (
          <p className="text-xs text-muted-foreground" role="status">
            The daily figures are being brought up to date in the background; reload in a minute to
            see every past day.
          </p>
        )}
        <div className="h-64 sm:h-80" data-testid="activity-chart">
          <Suspense fallback={<Skeleton className="size-full" />}>
            <ActivityChartCanvas points={activity.points} series={activity.series} label={label} />
          </Suspense>
        </div>
        <div>
          <button
            type="button"
            className="text-sm font-medium text-primary hover:underline"
            aria-expanded={table}
            aria-controls="activity-table"
            onClick={() => setTable((v) => !v)}
          >
            {table ? 'Hide the table' : 'Show the figures as a table'}
          </button>
          {table && (
            <div id="activity-table" className="mt-3 max-h-96 overflow-auto rounded-md border">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Activity per day, last {activity.days} days</caption>
                <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Day
                    </th>
                    {activity.series.map((s) => (
                      <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {[...activity.points].reverse().map((p) => (
                    <tr key={p.day}>
                      <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                        {p.day}
                      </th>
                      {activity.series.map((s) => (
                        <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                          {p[s.key].toLocaleString()}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
