import { useState } from 'react'
import { router } from '@inertiajs/react'
import { CircleCheck, RotateCcw, Trash2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import type { Data } from '~data'
import { ConfirmDialog } from '~/components/admin/confirm_dialog'
import { EmptyState } from '~/components/admin/empty_state'
import { ListPager } from '~/components/admin/list_pager'
import { RelativeTime } from '~/components/posts/relative_time'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

/**
 * Jobs/Failed (issue 18 §1): background jobs that used up their attempts
 * (a mail the server kept refusing, a purge that crashed), with the error;
 * retry puts one back in its queue, discard deletes it (after a
 * confirmation). Kept a week, then removed by the queue itself.
 */
export default function FailedJobsPage({
  jobs,
  total,
  driver,
  listed,
  cursor,
  nextCursor,
}: {
  jobs: Data.Admin.FailedJob[]
  total: number
  driver: string
  listed: boolean
  cursor: string | null
  nextCursor: string | null
}) {
  return (
    <div className="grid gap-6">
      <PageTitle title="Failed jobs" />
      <header>
        <h1 className="text-2xl font-semibold">Failed jobs</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Background work (mails, the nightly purge) that failed after every retry. Fix the cause
          (for mails: the SMTP settings), then retry. Failed jobs are kept for a week.
        </p>
      </header>

      {!listed && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          This server runs the <span className="font-mono">{driver}</span> job queue, which runs
          each job at once and keeps none that fail; the database and redis queues keep theirs, and
          they are listed here.
        </p>
      )}

      <section
        aria-label="Failed jobs"
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        {jobs.length === 0 ? (
          <EmptyState icon={CircleCheck} title="No failed jobs">
            Every background job ran, or is still being retried.
          </EmptyState>
        ) : (
          <>
            <p className="border-b px-4 py-2 text-sm text-muted-foreground">
              {total === 1 ? '1 failed job' : `${total} failed jobs`}
            </p>
            <ul className="divide-y">
              {jobs.map((job) => (
                <JobRow key={`${job.queue}:${job.id}`} job={job} />
              ))}
            </ul>
          </>
        )}
      </section>

      <ListPager
        href={route('admin.jobs.index')}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Latest failures"
        nextLabel="Older failures"
        endText={null}
      />
    </div>
  )
}

function JobRow({ job }: { job: Data.Admin.FailedJob }) {
  const [busy, setBusy] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const params = { queue: job.queue, id: job.id }
  const what = job.mail ? `the mail "${job.mail.subject}"` : job.name

  const retry = () => {
    setBusy(true)
    router.post(
      route('admin.jobs.retry', params),
      {},
      {
        preserveScroll: true,
        onError: () => toast.error('The job could not be retried.'),
        onFinish: () => setBusy(false),
      }
    )
  }
  const discard = () => {
    setBusy(true)
    router.delete(route('admin.jobs.destroy', params), {
      preserveScroll: true,
      onSuccess: () => setConfirm(false),
      onError: () => toast.error('The job could not be discarded.'),
      onFinish: () => setBusy(false),
    })
  }

  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1fr)_auto]" data-testid="failed-job">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all">{job.name}</span>
          <Badge variant="secondary">{job.queue}</Badge>
          <span className="text-xs text-muted-foreground">
            {job.attempts === 1 ? '1 attempt' : `${job.attempts} attempts`}
            {job.failedAt && (
              <>
                {' · failed '}
                <RelativeTime iso={job.failedAt} />
              </>
            )}
          </span>
        </p>
        {job.mail && (
          <p className="text-sm break-words">
            <span className="text-muted-foreground">Mail:</span> {job.mail.subject}{' '}
            <span className="text-muted-foreground">to</span>{' '}
            <span className="break-all">{job.mail.to}</span>
          </p>
        )}
        <pre className="max-h-40 overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all text-destructive">
          {job.error ?? 'No error message was recorded.'}
        </pre>
      </div>
      <div className="flex items-start gap-2">
        <Button size="sm" onClick={retry} disabled={busy} aria-label={`Retry ${what}`}>
          <RotateCcw className="size-4" aria-hidden /> Retry
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirm(true)}
          disabled={busy}
          aria-label={`Discard ${what}`}
        >
          <Trash2 className="size-4" aria-hidden /> Discard
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Discard this job?"
        description={
          <>
            {job.mail
              ? `The mail "${job.mail.subject}" to ${job.mail.to} will never be sent.`
              : `${job.name} will not run again.`}{' '}
            This is recorded in the audit log.
          </>
        }
        confirmLabel="Discard"
        busyLabel="Discarding…"
        busy={busy}
        onConfirm={discard}
      />
    </li>
  )
}
