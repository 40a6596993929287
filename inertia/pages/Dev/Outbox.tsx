import { Link } from '@adonisjs/inertia/react'
import { Inbox } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'

type OutboxItem = {
  id: number
  to: string
  subject: string
  createdAt: string
}

/**
 * Development mail outbox: every mail the app sent without an SMTP server,
 * newest first (the last 100).
 */
export default function DevOutboxPage({ messages }: { messages: OutboxItem[] }) {
  return (
    <div className="grid w-full min-w-0 grid-cols-1 gap-4">
      <PageTitle title="Mail outbox" />
      <header>
        <h1 className="text-2xl font-semibold">Mail outbox</h1>
        <p className="text-sm text-muted-foreground">
          Development only: mails land here instead of being sent while no SMTP server is
          configured.
        </p>
      </header>
      {messages.length === 0 ? (
        <section className="rounded-xl border bg-card p-10 text-center">
          <Inbox className="mx-auto size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-3 font-semibold">No mails yet</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Register or ask for a password reset to see one here.
          </p>
        </section>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Mails">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                route="dev.outbox.show"
                routeParams={{ id: message.id }}
                className="block px-4 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="block font-medium">{message.subject}</span>
                <span className="block text-sm text-muted-foreground">
                  To {message.to} ·{' '}
                  <time dateTime={message.createdAt}>
                    {new Date(message.createdAt).toLocaleString()}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
