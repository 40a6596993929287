import { router } from '@inertiajs/react'
import { MailX } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/**
 * One-click unsubscribe from notification e-mails (issue 15 §3), signed
 * out: confirm, done, or a link that is not valid. `list`: the summary
 * mails when away and everything else (`all`), or the weekly digest only.
 */
export default function UnsubscribePage({
  state,
  action,
  list,
}: {
  state: 'confirm' | 'done' | 'invalid'
  action: string | null
  list: 'all' | 'digest'
}) {
  const digest = list === 'digest'
  const title =
    state === 'done'
      ? 'You are unsubscribed'
      : state === 'invalid'
        ? 'This link is not valid'
        : digest
          ? 'Stop the weekly digest?'
          : 'Stop notification e-mails?'
  return (
    <Card>
      <PageTitle title="E-mail notifications" />
      <CardHeader>
        <span
          className="mb-2 grid size-10 place-items-center rounded-full bg-accent text-accent-foreground"
          aria-hidden
        >
          <MailX className="size-5" />
        </span>
        <CardTitle>
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>
          {state === 'done'
            ? digest
              ? 'You will get no more weekly digests. You can turn them back on in your notification settings.'
              : 'You will get no more notification e-mails. You can turn them back on in your notification settings.'
            : state === 'invalid'
              ? 'The unsubscribe link is incomplete or was changed. Use the link from the latest e-mail, or change your notification settings after signing in.'
              : digest
                ? 'You will get no more weekly digests of the team’s most liked and commented posts. Nothing else changes.'
                : 'You will get no more notification e-mails: no summaries of mentions, messages and comments, and no weekly digest. Nothing else changes.'}
        </CardDescription>
      </CardHeader>
      {state === 'confirm' && action && (
        <CardContent>
          <Button type="button" onClick={() => router.post(action)}>
            Unsubscribe
          </Button>
        </CardContent>
      )}
    </Card>
  )
}
