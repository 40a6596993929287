import { Form } from '@adonisjs/inertia/react'
import { MailPlus, Send } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { EmptyState } from '~/components/admin/empty_state'

export type InvitationRow = {
  id: number
  email: string
  invitedBy: string | null
  createdAt: string
  expiresAt: string
  acceptedAt: string | null
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

function statusOf(invitation: InvitationRow) {
  if (invitation.acceptedAt)
    return { label: 'Accepted', className: 'bg-success text-success-foreground' }
  if (new Date(invitation.expiresAt).getTime() < Date.now())
    return { label: 'Expired', className: 'bg-muted text-muted-foreground' }
  return {
    label: 'Pending',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  }
}

/** Invite someone by e-mail (a 7-day registration link), and the latest invitations. */
export function InvitationsPanel({ invitations }: { invitations: InvitationRow[] }) {
  return (
    <div className="grid gap-6">
      <Form
        route="invitations.store"
        errorBag="invite"
        options={{ preserveScroll: true }}
        resetOnSuccess
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        noValidate
      >
        {({ errors, processing, isDirty, recentlySuccessful }) => (
          <>
            <Field
              label="E-mail address to invite"
              error={
                errors.email ?? (errors as Record<string, string | undefined>).E_TOO_MANY_REQUESTS
              }
            >
              {(a) => (
                <Input
                  {...a}
                  type="email"
                  name="email"
                  autoComplete="off"
                  placeholder="name@example.com"
                  maxLength={254}
                />
              )}
            </Field>
            <div className="flex items-center gap-3 sm:mt-6">
              {/* Dirty: an address is typed (the form holds nothing else). */}
              <Button type="submit" disabled={processing || !isDirty}>
                <Send className="size-4" aria-hidden />
                {processing ? 'Sending…' : 'Send invitation'}
              </Button>
              <SavedIndicator show={recentlySuccessful} label="Sent." />
            </div>
          </>
        )}
      </Form>

      <div className="overflow-hidden rounded-lg border">
        {invitations.length === 0 ? (
          <EmptyState icon={MailPlus} title="No invitations yet">
            Invited people get a link to register that works for 7 days.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[520px] text-left text-sm">
              <caption className="sr-only">Latest invitations</caption>
              <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Invited by
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Sent
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {invitations.map((invitation) => {
                  const status = statusOf(invitation)
                  return (
                    <tr key={invitation.id}>
                      <td className="px-4 py-2 break-all">{invitation.email}</td>
                      <td className="px-4 py-2 text-muted-foreground">
                        {invitation.invitedBy ?? '—'}
                      </td>
                      <td className="px-4 py-2 whitespace-nowrap text-muted-foreground">
                        <time dateTime={invitation.createdAt}>
                          {dateFormat.format(new Date(invitation.createdAt))}
                        </time>
                      </td>
                      <td className="px-4 py-2">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}
                        >
                          {status.label}
                        </span>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  )
}
