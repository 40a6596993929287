import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'

type OutboxMessage = {
  id: number
  to: string
  subject: string
  createdAt: string
  html: string | null
  text: string | null
  links: string[]
}

/**
 * One mail of the development outbox: its links first (verification and
 * reset links are what a developer comes for), then the HTML part in a
 * fully sandboxed frame (no scripts, no navigation of this page) and the
 * text part.
 */
export default function DevOutboxShowPage({ message }: { message: OutboxMessage }) {
  return (
    <div className="grid w-full min-w-0 grid-cols-1 gap-4">
      <PageTitle title={message.subject} />
      <Link
        route="dev.outbox"
        className="flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> All mails
      </Link>
      <header>
        <h1 className="text-2xl font-semibold wrap-anywhere">{message.subject}</h1>
        <p className="text-sm text-muted-foreground">
          To {message.to} ·{' '}
          <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
        </p>
      </header>
      {message.links.length > 0 && (
        <section aria-labelledby="mail-links" className="rounded-xl border bg-card p-4">
          <h2 id="mail-links" className="font-semibold">
            Links in this mail
          </h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {message.links.map((link) => (
              <li key={link} className="break-all">
                <a href={link} className="text-primary hover:underline">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {message.html && (
        <section aria-labelledby="mail-html">
          <h2 id="mail-html" className="mb-2 font-semibold">
            HTML version
          </h2>
          <iframe
            title={`HTML version of "${message.subject}"`}
            sandbox=""
            srcDoc={message.html}
            className="h-96 w-full rounded-xl border bg-white"
          />
        </section>
      )}
      {message.text && (
        <section aria-labelledby="mail-text">
          <h2 id="mail-text" className="mb-2 font-semibold">
            Text version
          </h2>
          <pre className="overflow-x-auto rounded-xl border bg-card p-4 text-sm whitespace-pre-wrap wrap-anywhere">
            {message.text}
          </pre>
        </section>
      )}
    </div>
  )
}
