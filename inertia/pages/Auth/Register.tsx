import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormAlert } from '~/components/auth/form_alert'
import { RegisterForm } from '~/components/auth/register_form'

type Mode = 'open' | 'team_domain' | 'invite_only' | 'closed'

function domainList(domains: string[]) {
  return domains.map((d) => `@${d}`).join(', ')
}

function emailHint(mode: Mode, domains: string[]) {
  if (!domains.length) return undefined
  if (mode === 'team_domain') return `Use your team address (${domainList(domains)}).`
  return `Team addresses (${domainList(domains)}) join as members. Other addresses join as guests once an administrator approves them.`
}

export default function RegisterPage({
  mode,
  teamDomains,
  invitation,
  invitationError,
}: {
  mode: Mode
  teamDomains: string[]
  invitation: { token: string; email: string } | null
  invitationError: string | null
}) {
  const blocked = mode === 'closed' || (mode === 'invite_only' && !invitation)

  return (
    <Card>
      <PageTitle title="Create an account" />
      <CardHeader>
        <CardTitle>
          <h1>{mode === 'closed' ? 'Registration is closed' : 'Create an account'}</h1>
        </CardTitle>
        {!blocked && (
          <CardDescription>
            {invitation ? 'You have been invited to join the team.' : 'Join your team’s space.'} You
            will not be signed in automatically: we first check your e-mail address.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {mode === 'closed' && (
          <FormAlert variant="info">
            New accounts cannot be created here at the moment. Ask a team administrator to create an
            account for you.
          </FormAlert>
        )}
        {mode === 'invite_only' && !invitation && (
          <FormAlert variant={invitationError ? 'error' : 'info'} title="Invitation required">
            {invitationError ??
              'Registration is by invitation only. Open the link from your invitation e-mail, or ask a team administrator for an invitation.'}
          </FormAlert>
        )}
        {mode !== 'invite_only' && mode !== 'closed' && invitationError && (
          <FormAlert>
            {invitationError} You can still register without an invitation below.
          </FormAlert>
        )}
        {!blocked && (
          <RegisterForm invitation={invitation} emailHint={emailHint(mode, teamDomains)} />
        )}
        <p className="mt-2 text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link
            route="session.create"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            Sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}
