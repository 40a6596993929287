import { useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Check, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { ModalActions, ModalDialog } from '~/components/profile/modal_dialog'
import { route } from '~/lib/route'

/**
 * Approve (one click) or reject (confirmation dialog with an optional
 * reason, mailed to the person) a pending external registration.
 */
export function ExternalActions({
  user,
}: {
  user: { id: number; fullName: string; email: string }
}) {
  const [approving, setApproving] = useState(false)
  const [open, setOpen] = useState(false)
  const form = useForm({ reason: '' })

  function approve() {
    router.post(
      route('users.approve', { id: user.id }),
      {},
      {
        preserveScroll: true,
        onStart: () => setApproving(true),
        onFinish: () => setApproving(false),
      }
    )
  }

  function reject(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('users.reject', { id: user.id }), {
      errorBag: `reject${user.id}`,
      preserveScroll: true,
      onSuccess: () => {
        setOpen(false)
        form.reset()
      },
    })
  }

  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        onClick={approve}
        disabled={approving}
        aria-label={`Approve ${user.fullName}`}
      >
        <Check className="size-4" aria-hidden />
        {approving ? 'Approving…' : 'Approve'}
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) form.resetAndClearErrors()
        }}
        title={`Reject ${user.fullName}?`}
        description={`${user.email} will be told by e-mail that the registration was not approved, and will not be able to sign in.`}
        trigger={
          <Button size="sm" variant="outline" aria-label={`Reject ${user.fullName}`}>
            <X className="size-4" aria-hidden />
            Reject
          </Button>
        }
      >
        <form onSubmit={reject} className="grid gap-4" noValidate>
          <Field
            label="Reason (optional)"
            error={form.errors.reason}
            hint={`Included in the e-mail. ${form.data.reason.length} / 500 characters.`}
          >
            {(a) => (
              <Textarea
                {...a}
                name="reason"
                rows={3}
                maxLength={500}
                autoFocus
                value={form.data.reason}
                onChange={(e) => form.setData('reason', e.target.value)}
              />
            )}
          </Field>
          <ModalActions>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={form.processing}>
              {form.processing ? 'Rejecting…' : 'Reject registration'}
            </Button>
          </ModalActions>
        </form>
      </ModalDialog>
    </div>
  )
}
