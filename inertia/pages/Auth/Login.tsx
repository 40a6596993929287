import { Link, useForm, usePage } from '@inertiajs/react'
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
  const form = useForm({ uid: '', password: '', remember: false })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('session.store'), { onFinish: () => form.reset('password') })
  }

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
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="E-mail or username" error={form.errors.uid}>
            {(a) => (
              <Input
                {...a}
                name="uid"
                autoComplete="username"
                autoFocus
                value={form.data.uid}
                onChange={(e) => form.setData('uid', e.target.value)}
              />
            )}
          </Field>
          {lockedUntil && (
            <p className="text-sm text-muted-foreground" data-testid="lockout-local-time">
              You can try again at{' '}
              {lockedUntil.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
            </p>
          )}
          <Field label="Password" error={form.errors.password}>
            {(a) => (
              <Input
                {...a}
                type="password"
                name="password"
                autoComplete="current-password"
                value={form.data.password}
                onChange={(e) => form.setData('password', e.target.value)}
              />
            )}
          </Field>
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="remember"
                checked={form.data.remember}
                onChange={(e) => form.setData('remember', e.target.checked)}
                className="size-4 accent-primary"
              />
              Remember me
            </label>
            <Link href={route('password.forgot')} className="text-primary hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" disabled={form.processing}>
            {form.processing ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
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
