import { Link, useForm, usePage } from '@inertiajs/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { FormAlert } from '~/components/auth/form_alert'
import { route } from '~/lib/route'
import type { Data } from '~data'

export default function ForgotPasswordPage() {
  const { errors } = usePage<Data.SharedProps>().props
  const form = useForm({ email: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('password.email'), { preserveScroll: true })
  }

  return (
    <Card>
      <PageTitle title="Forgot password" />
      <CardHeader>
        <CardTitle>
          <h1>Forgot your password?</h1>
        </CardTitle>
        <CardDescription>
          Enter the e-mail address of your account and we will send you a link to choose a new
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
          <Field label="E-mail address" error={form.errors.email}>
            {(a) => (
              <Input
                {...a}
                type="email"
                name="email"
                autoComplete="email"
                autoFocus
                maxLength={254}
                value={form.data.email}
                onChange={(e) => form.setData('email', e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={form.processing}>
            {form.processing ? 'Sending…' : 'Send the reset link'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link href={route('session.create')} className="text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}
