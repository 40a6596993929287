import { useForm, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { FormAlert } from '~/components/auth/form_alert'
import { userInputsFrom } from '~/components/auth/password_strength'
import { NewPasswordFields } from '~/components/auth/new_password_fields'
import { route } from '~/lib/route'
import type { Data } from '~data'

export default function ResetPasswordPage({
  token,
  email,
  linkError,
}: {
  token: string
  email: string
  linkError: string | null
}) {
  const { errors } = usePage<Data.SharedProps>().props
  // useForm, not Form: the strength meter follows the new password (and e-mail) as typed.
  const form = useForm({ token, email, password: '', password_confirmation: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('password.update'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }

  const tokenError = linkError ?? errors.token

  return (
    <Card>
      <PageTitle title="Reset password" />
      <CardHeader>
        <CardTitle>
          <h1>Choose a new password</h1>
        </CardTitle>
        {!linkError && (
          <CardDescription>
            After the change you are signed out on every device and sign in again.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {tokenError && (
          <FormAlert title="This link cannot be used">
            {tokenError}{' '}
            <Link route="password.forgot" className="font-medium underline">
              Request a new link
            </Link>
          </FormAlert>
        )}
        {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
        {!linkError && (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <Field label="E-mail address" error={form.errors.email}>
              {(a) => (
                <Input
                  {...a}
                  type="email"
                  name="email"
                  autoComplete="username"
                  autoFocus={!email}
                  maxLength={254}
                  value={form.data.email}
                  onChange={(e) => form.setData('email', e.target.value)}
                />
              )}
            </Field>
            <NewPasswordFields
              password={form.data.password}
              confirmation={form.data.password_confirmation}
              errors={form.errors}
              onChange={(field, value) => form.setData(field, value)}
              userInputs={userInputsFrom(form.data.email)}
              autoFocus={Boolean(email)}
            />
            <Button type="submit" disabled={form.processing}>
              {form.processing ? 'Saving…' : 'Reset password'}
            </Button>
          </form>
        )}
        <p className="text-center text-sm text-muted-foreground">
          <Link route="session.create" className="text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}
