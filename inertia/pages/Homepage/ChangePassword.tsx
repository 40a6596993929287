import { useForm, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { KeyRound } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { FormAlert } from '~/components/auth/form_alert'
import { AccountHint } from '~/components/auth/account_hint'
import { PasswordInput } from '~/components/auth/password_input'
import { userInputsFrom } from '~/components/auth/password_strength'
import { NewPasswordFields } from '~/components/auth/new_password_fields'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Set a new password. Forced after an administrator created or reset the
 * account: every other page redirects here until it is done (signing out
 * stays possible).
 */
export default function ChangePasswordPage({ forced }: { forced: boolean }) {
  const { errors, auth } = usePage<Data.SharedProps>().props
  // useForm, not Form: the strength meter follows the new password as typed.
  const form = useForm({ current_password: '', password: '', password_confirmation: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('password.change.store'), {
      onFinish: () => form.reset('current_password', 'password', 'password_confirmation'),
    })
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <PageTitle title="Change password" />
      <CardHeader>
        <span
          className="mb-2 grid size-10 place-items-center rounded-full bg-accent text-accent-foreground"
          aria-hidden
        >
          <KeyRound className="size-5" />
        </span>
        <CardTitle>
          <h1>{forced ? 'Choose your own password' : 'Change password'}</h1>
        </CardTitle>
        <CardDescription>
          {forced
            ? 'Your account was set up or reset by an administrator. Replace the password you were given with one only you know before you continue.'
            : 'Other devices signed in to your account will be signed out.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
          <AccountHint email={auth.user?.email} />
          <Field
            label={forced ? 'Password you were given' : 'Current password'}
            error={form.errors.current_password}
          >
            {(a) => (
              <PasswordInput
                {...a}
                name="current_password"
                autoComplete="current-password"
                autoFocus
                value={form.data.current_password}
                onChange={(e) => form.setData('current_password', e.target.value)}
              />
            )}
          </Field>
          <NewPasswordFields
            password={form.data.password}
            confirmation={form.data.password_confirmation}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
            userInputs={userInputsFrom(auth.user?.fullName, auth.user?.username, auth.user?.email)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={form.processing}>
              {form.processing ? 'Saving…' : 'Save new password'}
            </Button>
            {forced && (
              <Button asChild variant="ghost">
                <Link route="session.destroy" method="post" as="button">
                  Sign out
                </Link>
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
