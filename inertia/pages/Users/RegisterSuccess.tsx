import { Link } from '@adonisjs/inertia/react'
import { CheckCircle2, Clock, Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground"
        aria-hidden
      >
        {icon}
      </span>
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  )
}

/**
 * After registering: what happens next for this kind of account
 * (PRODUCT §2): members verify their address, externals verify and then
 * wait for an administrator, invited people can sign in at once.
 */
export default function RegisterSuccessPage({
  role,
  email,
  verificationRequired,
  approvalRequired,
}: {
  role: 'member' | 'external'
  email: string
  verificationRequired: boolean
  approvalRequired: boolean
}) {
  const ready = !verificationRequired && !approvalRequired
  return (
    <Card>
      <PageTitle title="Account created" />
      <CardHeader>
        <CardTitle>
          <h1>{ready ? 'Your account is ready' : 'Almost there'}</h1>
        </CardTitle>
        <CardDescription>
          {role === 'member'
            ? 'You are joining as a team member.'
            : 'You are joining as a guest (your address is outside the team’s domains).'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ol className="grid gap-4" aria-label="Next steps">
          {verificationRequired && (
            <Step icon={<Mail className="size-4" />} title="Check your e-mail">
              We sent a verification link to <strong className="text-foreground">{email}</strong>.
              Open it within 24 hours to confirm your address. The link does not sign you in; you
              sign in yourself afterwards.
            </Step>
          )}
          {approvalRequired && (
            <Step icon={<Clock className="size-4" />} title="Wait for approval">
              A team administrator reviews guest accounts. You will get an e-mail once yours is
              approved, and can sign in from then on.
            </Step>
          )}
          {ready && (
            <Step icon={<CheckCircle2 className="size-4" />} title="Sign in">
              Your invitation confirmed your e-mail address, so you can sign in right away with{' '}
              {email}.
            </Step>
          )}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant={ready ? 'default' : 'outline'}>
            <Link route="session.create">Go to sign in</Link>
          </Button>
          {verificationRequired && (
            <Button asChild variant="ghost">
              <Link route="verification.notice">Didn’t get the e-mail?</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
