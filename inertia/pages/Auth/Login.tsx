import { usePage } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { route } from '~/lib/route'
import type { Data } from '~data'

export default function LoginPage({
  reactivate,
  canResendVerification,
}: {
  reactivate: boolean
  canResendVerification: boolean
}) {
  const flash = (usePage().flash ?? {}) as Data.FlashMessages
  const lockedUntil = flash.lockoutUntil ? new Date(flash.lockoutUntil) : null

  return (
    <Card>
      <PageTitle title="Sign in" />
      <CardHeader>
        <CardTitle>
          <h1>Sign in</h1>
        </CardTitle>
        <CardDescription>Use your e-mail address or username.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          route="session.store"
          resetOnSuccess={['password']}
          resetOnError={['password']}
          className="grid gap-4"
          noValidate
        >
          {({ errors, processing }) => (
            <>
              <Field label="E-mail or username" error={errors.uid}>
                {(a) => <Input {...a} name="uid" autoComplete="username" autoFocus />}
              </Field>
              {lockedUntil && (
                <p className="text-sm text-muted-foreground" data-testid="lockout-local-time">
                  You can try again at{' '}
                  {lockedUntil.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
                </p>
              )}
              <Field label="Password" error={errors.password}>
                {(a) => (
                  <Input {...a} type="password" name="password" autoComplete="current-password" />
                )}
              </Field>
              <div className="flex items-center justify-between text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="remember"
                    value="true"
                    className="size-4 accent-primary"
                  />
                  Remember me
                </label>
                <Link route="password.forgot" className="text-primary hover:underline">
                  Forgot password?
                </Link>
              </div>
              <Button type="submit" disabled={processing}>
                {processing ? 'Signing in…' : 'Sign in'}
              </Button>
            </>
          )}
        </Form>
        {reactivate && (
          <div className="mt-4 rounded-lg border p-4 text-sm" data-testid="reactivate-panel">
            <p>Changed your mind? Reactivating cancels the deletion and signs you in.</p>
            <Button asChild variant="outline" className="mt-3">
              <Link href={route('account.reactivate')} method="post" as="button">
                Reactivate my account
              </Link>
            </Button>
          </div>
        )}
        {canResendVerification && (
          <p className="mt-4 text-sm">
            <Link href={route('verification.notice')} className="text-primary hover:underline">
              Resend the verification e-mail
            </Link>
          </p>
        )}
        <p className="mt-6 text-center text-sm text-muted-foreground">
          New here?{' '}
          <Link href={route('register.create')} className="text-primary hover:underline">
            Create an account
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}
