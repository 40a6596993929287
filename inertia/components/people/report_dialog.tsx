import { useEffect } from 'react'
import { useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'
// THE list of reasons: pure constants, the same module the server's validator
// uses (shared with the client: vite.config.ts SHARED_WITH_CLIENT).
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '#enums/report_reason'

export type ReportSubject = {
  type: 'post' | 'user'
  id: number
  /** "this post" / "Ana Lopez": shown in the title. */
  label: string
}

/**
 * Report a post or a person (PRODUCT §8): a reason from the fixed list and
 * optional details, sent to POST /reports. Refusals (already reported, own
 * item, daily limit) come back in the "report" error bag and show in the
 * dialog; success closes it and the server's flash thanks the reporter.
 */
export function ReportDialog({
  subject,
  open,
  onOpenChange,
}: {
  subject: ReportSubject
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const form = useForm<{ type: string; id: number; reason: ReportReason | ''; details: string }>({
    type: subject.type,
    id: subject.id,
    reason: '',
    details: '',
  })
  useEffect(() => {
    if (!open) {
      form.reset()
      form.clearErrors()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when closed only
  }, [open])

  const errors = form.errors as Record<string, string | undefined>
  const general = errors.report ?? errors.E_TOO_MANY_REQUESTS ?? errors.id ?? errors.type
  const submit = () => {
    form.post(route('reports.store'), {
      preserveScroll: true,
      preserveState: true,
      only: ['errors'],
      errorBag: 'report',
      onSuccess: () => onOpenChange(false),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>Report {subject.label}</DialogTitle>
          <DialogDescription>
            The administrators review every report. Nobody else sees who reported.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            <div className="grid gap-1.5 sm:grid-cols-2">
              {REPORT_REASONS.map((reason) => (
                <label
                  key={reason}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    form.data.reason === reason
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'hover:bg-muted'
                  )}
                >
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={form.data.reason === reason}
                    onChange={() => form.setData('reason', reason)}
                    className="accent-primary"
                    aria-invalid={errors.reason ? true : undefined}
                  />
                  {REPORT_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
            <FieldError message={errors.reason} />
          </fieldset>
          <Field
            label="Details (optional)"
            error={errors.details}
            hint={`${form.data.details.length} / ${REPORT_DETAILS_MAX} characters`}
          >
            {(props) => (
              <Textarea
                {...props}
                value={form.data.details}
                maxLength={REPORT_DETAILS_MAX}
                rows={4}
                onChange={(event) => form.setData('details', event.target.value)}
              />
            )}
          </Field>
          <FieldError message={general} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.processing}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
