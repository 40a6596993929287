import { FileText } from 'lucide-react'
import { fullTimestamp } from '~/components/posts/relative_time'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/** The date between the messages of two days (decorative: each message has its time). */
export function DayDivider({ iso }: { iso: string }) {
  const label = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso))
  return (
    <div className="my-2 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  )
}

/** One message: its attachments (images inline, files to download), text and time. */
export function MessageBubble({
  message,
  mine,
}: {
  message: Data.Messages.Message
  mine: boolean
}) {
  const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(
    new Date(message.createdAt)
  )
  return (
    <div
      className={cn('flex', mine ? 'justify-end' : 'justify-start')}
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-xs',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted'
        )}
      >
        {message.attachments.length > 0 && (
          <div className="mb-1 grid gap-1.5">
            {message.attachments.map((file) =>
              file.kind === 'image' ? (
                <a key={file.id} href={file.displayUrl} target="_blank" rel="noreferrer">
                  <img
                    src={file.thumbUrl ?? file.displayUrl}
                    alt={file.name}
                    width={file.width ?? undefined}
                    height={file.height ?? undefined}
                    className="max-h-60 w-auto rounded-lg object-cover"
                    loading="lazy"
                  />
                </a>
              ) : (
                <a
                  key={file.id}
                  href={`${file.url}?download=1`}
                  className={cn(
                    'flex items-center gap-2 rounded-lg border px-2 py-1.5 underline-offset-2 hover:underline',
                    mine ? 'border-primary-foreground/30' : 'border-border bg-card'
                  )}
                >
                  <FileText className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{file.name}</span>
                </a>
              )
            )}
          </div>
        )}
        {message.body && (
          <p className="wrap-anywhere whitespace-pre-wrap" data-testid="message-body">
            {message.body}
          </p>
        )}
        <time
          dateTime={message.createdAt}
          title={fullTimestamp(message.createdAt)}
          className={cn(
            'mt-0.5 block text-right text-[11px]',
            mine ? 'text-primary-foreground/90' : 'text-muted-foreground'
          )}
        >
          {time}
        </time>
      </div>
    </div>
  )
}
