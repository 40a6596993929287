import { usePage } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
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
        <Form
          route="password.email"
          options={{ preserveScroll: true }}
          className="grid gap-4"
          noValidate
        >
          {({ errors: fieldErrors, processing }) => (
            <>
              {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
              <Field label="E-mail address" error={fieldErrors.email}>
                {(a) => (
                  <Input
                    {...a}
                    type="email"
                    name="email"
                    autoComplete="email"
                    autoFocus
                    maxLength={254}
                  />
                )}
              </Field>
              <Button type="submit" disabled={processing}>
                {processing ? 'Sending…' : 'Send the reset link'}
              </Button>
            </>
          )}
        </Form>
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
