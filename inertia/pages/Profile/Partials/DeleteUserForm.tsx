import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import { AlertTriangle, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { ModalActions, ModalDialog } from '~/components/profile/modal_dialog'
import { SettingsSection } from '~/components/profile/settings_section'
import { PasswordField } from '~/components/profile/password_field'
import { route } from '~/lib/route'

export type DeletionInfo = {
  allowed: boolean
  blockedReason: string | null
  graceDays: number
}

/**
 * Delete the account: password + optional reason in a confirmation dialog.
 * The account is signed out and removed after the grace period unless its
 * owner signs in and reactivates it.
 */
export default function DeleteUserForm({ deletion }: { deletion: DeletionInfo }) {
  const [open, setOpen] = useState(false)
  // useForm, not Form: the button waits for the password, the hint counts the reason, as typed.
  const form = useForm({ password: '', reason: '' })
  const errors = form.errors as Record<string, string | undefined>

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.delete(route('profile.destroy'), {
      errorBag: 'deleteAccount',
      preserveScroll: true,
      onFinish: () => form.reset('password'),
    })
  }

  function onOpenChange(next: boolean) {
    setOpen(next)
    if (!next) form.resetAndClearErrors()
  }

  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      tone="danger"
      description={`Your account is signed out and hidden at once, then permanently anonymised after ${deletion.graceDays} days.`}
    >
      <div className="grid gap-4 text-sm">
        <p>
          During the {deletion.graceDays} days you can change your mind: sign in and choose{' '}
          <strong>Reactivate my account</strong>. After that, your name, username, e-mail address
          and bio are erased for good.
        </p>
        {!deletion.allowed && deletion.blockedReason && (
          <p
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
            role="note"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {deletion.blockedReason}
          </p>
        )}
        <ModalDialog
          open={open}
          onOpenChange={onOpenChange}
          title="Delete your account?"
          description={`You will be signed out now. Sign in within ${deletion.graceDays} days to reactivate the account; after that it cannot be recovered.`}
          trigger={
            <Button
              type="button"
              variant="destructive"
              className="justify-self-start"
              disabled={!deletion.allowed}
            >
              <Trash2 className="size-4" aria-hidden />
              Delete my account
            </Button>
          }
        >
          <form onSubmit={submit} className="grid gap-4" noValidate>
            {errors.account && (
              <p
                role="alert"
                className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-200"
              >
                {errors.account}
              </p>
            )}
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              autoFocus
              value={form.data.password}
              onChange={(v) => form.setData('password', v)}
              error={form.errors.password ?? errors.E_TOO_MANY_REQUESTS}
            />
            <Field
              label="Why are you leaving? (optional)"
              error={form.errors.reason}
              hint={`${form.data.reason.length} / 500 characters. Administrators can read it.`}
            >
              {(a) => (
                <Textarea
                  {...a}
                  name="reason"
                  rows={3}
                  maxLength={500}
                  value={form.data.reason}
                  onChange={(e) => form.setData('reason', e.target.value)}
                />
              )}
            </Field>
            <ModalActions>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Keep my account
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={form.processing || form.data.password === ''}
              >
                {form.processing ? 'Deleting…' : 'Delete my account'}
              </Button>
            </ModalActions>
          </form>
        </ModalDialog>
      </div>
    </SettingsSection>
  )
}
