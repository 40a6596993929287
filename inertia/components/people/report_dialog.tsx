import { Form } from '@adonisjs/inertia/react'
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
import { CountedTextareaField, FieldError } from '~/components/ui/field'
// THE list of reasons: pure constants, the same module the server's validator
// uses (shared with the client: vite.config.ts SHARED_WITH_CLIENT).
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '#enums/report_reason'

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>Report {subject.label}</DialogTitle>
          <DialogDescription>
            The administrators review every report. Nobody else sees who reported.
          </DialogDescription>
        </DialogHeader>
        <Form
          route="reports.store"
          // The subject, as numbers and strings, and no reason chosen as ''.
          transform={(data) => ({
            type: subject.type,
            id: subject.id,
            reason: data.reason ?? '',
            details: data.details,
          })}
          options={{ preserveScroll: true, preserveState: true, only: ['errors'] }}
          errorBag="report"
          onSuccess={() => onOpenChange(false)}
          className="grid gap-4"
        >
          {(form) => {
            const errors = form.errors as Record<string, string | undefined>
            const general = errors.report ?? errors.E_TOO_MANY_REQUESTS ?? errors.id ?? errors.type
            return (
              <>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Reason</legend>
                  <div className="grid gap-1.5 sm:grid-cols-2">
                    {REPORT_REASONS.map((reason) => (
                      <label
                        key={reason}
                        className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                      >
                        <input
                          type="radio"
                          name="reason"
                          value={reason}
                          className="accent-primary"
                          aria-invalid={errors.reason ? true : undefined}
                        />
                        {REPORT_REASON_LABELS[reason]}
                      </label>
                    ))}
                  </div>
                  <FieldError message={errors.reason} />
                </fieldset>
                <CountedTextareaField
                  label="Details (optional)"
                  error={errors.details}
                  hint={(details) => `${details.length} / ${REPORT_DETAILS_MAX} characters`}
                  name="details"
                  maxLength={REPORT_DETAILS_MAX}
                  rows={4}
                />
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
              </>
            )
          }}
        </Form>
      </DialogContent>
    </Dialog>
  )
}
