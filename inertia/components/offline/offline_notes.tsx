import { Button } from '~/components/ui/button'
import type { OutboxItem } from '~/lib/outbox'

function timeOf(createdAt: number) {
  return new Date(createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/** "Your post · 2 files · 14:02": what waits, with its files and when it was written. */
export function describeOutboxItem(item: Pick<OutboxItem, 'files' | 'createdAt'>) {
  const files = item.files ? `${item.files} ${item.files === 1 ? 'file' : 'files'}` : null
  return [files, `written at ${timeOf(item.createdAt)}`].filter(Boolean).join(' · ')
}

/**
 * The outbox's list (components/shell/offline_status.tsx OutboxStatus): each
 * item with its files and when it was written; online, "Send now".
 */
export function OutboxList({
  id,
  items,
  online,
  onSendNow,
}: {
  id: string
  items: OutboxItem[]
  online: boolean
  onSendNow: () => void
}) {
  return (
    <div
      id={id}
      className="absolute top-full right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border bg-card p-3 text-sm text-card-foreground shadow-lg"
      data-testid="outbox-list"
    >
      <p className="font-medium">Waiting to send</p>
      <ul className="mt-2 grid gap-2">
        {items.map((item) => (
          <li key={item.key} className="grid gap-0.5">
            <span className="break-words">{item.label}</span>
            <span className="text-xs text-muted-foreground">{describeOutboxItem(item)}</span>
          </li>
        ))}
      </ul>
      {online ? (
        <Button size="sm" className="mt-3 w-full" onClick={onSendNow}>
          Send now
        </Button>
      ) : (
        <p className="mt-3 text-xs text-muted-foreground">
          You’re offline: this goes by itself once you’re back online.
        </p>
      )}
    </div>
  )
}
