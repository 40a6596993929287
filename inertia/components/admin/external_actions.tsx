import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { Check, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { CountedTextareaField } from '~/components/ui/field'
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
        onOpenChange={setOpen}
        title={`Reject ${user.fullName}?`}
        description={`${user.email} will be told by e-mail that the registration was not approved, and will not be able to sign in.`}
        trigger={
          <Button size="sm" variant="outline" aria-label={`Reject ${user.fullName}`}>
            <X className="size-4" aria-hidden />
            Reject
          </Button>
        }
      >
        <Form
          route="users.reject"
          routeParams={{ id: user.id }}
          errorBag={`reject${user.id}`}
          options={{ preserveScroll: true }}
          onSuccess={() => setOpen(false)}
          className="grid gap-4"
          noValidate
        >
          {({ errors, processing }) => (
            <>
              <CountedTextareaField
                label="Reason (optional)"
                error={errors.reason}
                hint={(reason) => `Included in the e-mail. ${reason.length} / 500 characters.`}
                name="reason"
                rows={3}
                maxLength={500}
                autoFocus
              />
              <ModalActions>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={processing}>
                  {processing ? 'Rejecting…' : 'Reject registration'}
                </Button>
              </ModalActions>
            </>
          )}
        </Form>
      </ModalDialog>
    </div>
  )
}
