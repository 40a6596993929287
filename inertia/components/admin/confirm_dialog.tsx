import type { ReactNode } from 'react'
import { useFormContext } from '@inertiajs/react'
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
import { CountedTextareaField } from '~/components/ui/field'

type DialogText = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** The destructive button, and its label while the request runs (when the caller tracks it). */
  confirmLabel: string
  busyLabel?: string
  busy?: boolean
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
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * A moderation decision that needs a reason (reject, unpublish): a dialog
 * with a required reason of at most 500 characters, shown to the author(s).
 * The caller gives the Inertia Form that sends it (its route, error bag,
 * what a success does) around the dialog's fields, which read the form's
 * errors and progress from it.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  form,
  ...fields
}: Omit<DialogText, 'busy'> & {
  /** The Form, around the fields it is given: `(fields) => <Form …>{fields}</Form>`. */
  form: (fields: ReactNode) => ReactNode
  /** The errors shown under the reason, the first one there is (default: the reason's). */
  errorKeys?: string[]
  /** Who reads the reason, in the field's hint. */
  shownTo?: 'author' | 'authors'
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{form(<ReasonFields {...fields} />)}</DialogContent>
    </Dialog>
  )
}

/** Class of the Form around a ReasonDialog's fields. */
export const REASON_FORM_CLASS = 'grid gap-4'

function ReasonFields({
  title,
  description,
  confirmLabel,
  busyLabel,
  errorKeys = ['reason'],
  shownTo = 'author',
}: Omit<DialogText, 'busy' | 'open' | 'onOpenChange'> & {
  errorKeys?: string[]
  shownTo?: 'author' | 'authors'
}) {
  const form = useFormContext()
  const errors = (form?.errors ?? {}) as Record<string, string | undefined>
  const error = errorKeys.map((key) => errors[key]).find(Boolean)
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <CountedTextareaField
        label="Reason"
        error={error}
        hint={(reason) => `Shown to the ${shownTo}. ${reason.length} / 500 characters.`}
        name="reason"
        rows={3}
        maxLength={500}
        required
        autoFocus
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={form?.processing}>
          {form?.processing ? busyLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </>
  )
}
