import { router, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { MessageCircle } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { fullTimestamp, relativeTime } from '~/components/posts/relative_time'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import { useOnReconnect, useOwnChannelEvent } from '~/components/messages/live'
import { NewMessageDialog } from '~/components/messages/new_message_dialog'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/**
 * Messages/Index: my conversations by last activity, each with the other
 * person, a preview of the last message and its unread count. A message
 * arriving or a conversation read in another tab reloads the list.
 */
export default function MessagesIndex({
  conversations,
}: {
  conversations: Data.Messages.Conversation[]
}) {
  const refresh = () => router.reload({ only: ['conversations', 'unreadMessages'] })
  useOwnChannelEvent('MessageSent', refresh)
  useOwnChannelEvent('UnreadMessagesChanged', refresh)
  useOnReconnect(refresh)
  // Teammates pick anyone on the team; externals reply to who wrote to them.
  const canStart = usePage<Data.SharedProps>().props.can.teamFeed

  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <PageTitle title="Messages" />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Messages</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {canStart
              ? 'Private conversations with your teammates.'
              : 'Private conversations. You can reply once a team member has written to you.'}
          </p>
        </div>
        {canStart && <NewMessageDialog />}
      </header>
      {conversations.length === 0 ? (
        <EmptyState icon={MessageCircle} title="No conversations yet">
          {canStart
            ? 'Choose “New message” to write to a teammate.'
            : 'When a team member writes to you, the conversation shows here.'}
        </EmptyState>
      ) : (
        <ul
          className="divide-y overflow-hidden rounded-xl border bg-card"
          data-testid="conversations"
        >
          {conversations.map((item) => (
            <li key={item.id}>
              <Link
                route="messages.show"
                routeParams={{ username: item.other.username }}
                className="flex items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                data-testid="conversation"
                data-username={item.other.username}
              >
                <AuthorAvatar author={item.other} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span
                      className={cn(
                        'truncate',
                        item.unreadCount > 0 ? 'font-semibold' : 'font-medium'
                      )}
                    >
                      {item.other.fullName}
                    </span>
                    {item.lastMessageAt && (
                      <time
                        dateTime={item.lastMessageAt}
                        title={fullTimestamp(item.lastMessageAt)}
                        className="shrink-0 text-xs text-muted-foreground"
                      >
                        {relativeTime(item.lastMessageAt)}
                      </time>
                    )}
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span
                      className={cn(
                        'truncate text-sm',
                        item.unreadCount > 0 ? 'text-foreground' : 'text-muted-foreground'
                      )}
                    >
                      {item.preview
                        ? `${item.preview.fromMe ? 'You: ' : ''}${item.preview.text}`
                        : ''}
                    </span>
                    {item.unreadCount > 0 && (
                      <span
                        className="grid min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                        data-testid="conversation-unread"
                      >
                        {item.unreadCount > 99 ? '99+' : item.unreadCount}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
