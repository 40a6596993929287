import { usePage } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { MailCheck } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormAlert } from '~/components/auth/form_alert'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * "Verify your e-mail address": the notice with a resend button, or the
 * reason a verification link was refused.
 */
export default function VerifyEmailPage({
  email,
  canResend,
  linkError,
}: {
  email: string | null
  canResend: boolean
  linkError: string | null
}) {
  const { errors } = usePage<Data.SharedProps>().props
  return (
    <Card>
      <PageTitle title="Verify your e-mail address" />
      <CardHeader>
        <span
          className="mb-2 grid size-10 place-items-center rounded-full bg-accent text-accent-foreground"
          aria-hidden
        >
          <MailCheck className="size-5" />
        </span>
        <CardTitle>
          <h1>{linkError ? 'This link cannot be used' : 'Verify your e-mail address'}</h1>
        </CardTitle>
        {!linkError && (
          <CardDescription>
            {email ? (
              <>
                We sent a verification link to <strong className="text-foreground">{email}</strong>.
                Open it within 24 hours, then sign in.
              </>
            ) : (
              'Open the link we e-mailed you within 24 hours, then sign in.'
            )}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {linkError && <FormAlert>{linkError}</FormAlert>}
        {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
        {canResend ? (
          <Form
            route="verification.resend"
            options={{ preserveScroll: true }}
            className="grid gap-2"
          >
            {({ processing }) => (
              <>
                <p className="text-sm text-muted-foreground">
                  No e-mail? Check your spam folder, or get a new link.
                </p>
                <Button type="submit" disabled={processing}>
                  {processing ? 'Sending…' : 'Send a new verification link'}
                </Button>
              </>
            )}
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">
            Need a new link? Sign in with your e-mail address and password: if your address is not
            verified yet, we offer to send one.
          </p>
        )}
        <Button asChild variant="outline">
          <Link href={route('session.create')}>Go to sign in</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
