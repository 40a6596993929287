import type { ReactNode } from 'react'
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
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'

type DialogText = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** The destructive button, and its label while the request runs. */
  confirmLabel: string
  busyLabel: string
  busy: boolean
}

/** A destructive action confirmed in a small dialog: Cancel, or the red button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
}: DialogText & { onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * A moderation decision that needs a reason (reject, unpublish): a dialog
 * with a required reason of at most 500 characters, shown to the author(s).
 * The caller owns the form (useForm) and submits it.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onSubmit,
  reason,
  onReasonChange,
  error,
  shownTo = 'author',
}: DialogText & {
  onSubmit: (e: React.FormEvent) => void
  reason: string
  onReasonChange: (reason: string) => void
  error?: string
  /** Who reads the reason, in the field's hint. */
  shownTo?: 'author' | 'authors'
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field
            label="Reason"
            error={error}
            hint={`Shown to the ${shownTo}. ${reason.length} / 500 characters.`}
          >
            {(a) => (
              <Textarea
                {...a}
                name="reason"
                rows={3}
                maxLength={500}
                required
                autoFocus
                value={reason}
                onChange={(e) => onReasonChange(e.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
