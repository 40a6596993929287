import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Loader2 } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { DayDivider, MessageBubble } from '~/components/messages/message_bubble'
import { MessageComposer } from '~/components/messages/message_composer'
import { ConversationMuteButton } from '~/components/messages/mute_button'
import { useConversation } from '~/hooks/use_conversation'
import type { MessageLimits } from '~/hooks/use_message_composer'
import type { Data } from '~data'

type Props = {
  other: Data.Person
  conversationId: number | null
  messages: Data.Messages.Message[]
  hasMore: boolean
  nextBefore: number | null
  otherLastReadId: number
  cannotSend: string | null
  limits: MessageLimits
}

/**
 * Messages/Show: a one-to-one conversation. History loads older pages when
 * scrolled to the top (keeping the reading position); new messages arrive
 * live on the user's own channel; typing and "Seen" come the same way
 * (hooks/use_conversation.ts). The composer is components/messages/.
 */
export default function MessagesShow(props: Props) {
  // Another person's conversation starts from its own props.
  return <Conversation key={props.other.id} {...props} />
}

function Conversation(props: Props) {
  const { other, limits, cannotSend } = props
  const me = usePage<Data.SharedProps>().props.auth.user!
  const {
    messages,
    hasMore,
    loadingOlder,
    olderError,
    loadOlder,
    scroller,
    onScroll,
    sent,
    typing,
    seenId,
  } = useConversation(props, other, me)
  const firstName = other.fullName.split(/\s+/)[0]

  return (
    <div className="mx-auto flex h-[calc(100dvh-8.5rem)] max-w-2xl flex-col overflow-hidden rounded-xl border bg-card">
      <PageTitle title={`Messages with ${other.fullName}`} />
      <ConversationHeader other={other} muteButton={messages.length > 0} />

      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex-1 overflow-y-auto px-3 py-4"
        data-testid="message-history"
        aria-label={`Conversation with ${other.fullName}`}
        role="log"
        aria-live="polite"
        tabIndex={0}
      >
        {hasMore && <OlderMessages loading={loadingOlder} error={olderError} onLoad={loadOlder} />}
        {messages.length === 0 ? (
          <p className="py-12 text-center text-sm text-muted-foreground">
            {cannotSend ? 'No messages.' : `Say hello to ${firstName}.`}
          </p>
        ) : (
          <MessageList messages={messages} meId={me.id} seenId={seenId} />
        )}
        {typing && (
          <p className="mt-2 text-sm text-muted-foreground italic" data-testid="typing">
            {firstName} is typing…
          </p>
        )}
      </div>

      {cannotSend ? (
        <p
          className="border-t bg-muted px-4 py-3 text-sm text-muted-foreground"
          data-testid="cannot-send"
        >
          {cannotSend}
        </p>
      ) : (
        <MessageComposer other={other} limits={limits} onSent={sent} />
      )}
    </div>
  )
}

/** Back to all conversations, the other person (their profile), mute. */
function ConversationHeader({ other, muteButton }: { other: Data.Person; muteButton: boolean }) {
  return (
    <header className="flex items-center gap-3 border-b px-3 py-2">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link route="messages.index" aria-label="All conversations">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
      </Button>
      <AuthorAvatar author={other} />
      <div className="min-w-0">
        <h1 className="truncate font-semibold">
          <Link
            route="profiles.show"
            routeParams={{ username: other.username }}
            className="hover:underline"
          >
            {other.fullName}
          </Link>
        </h1>
        <p className="truncate text-xs text-muted-foreground">@{other.username}</p>
      </div>
      {muteButton && <ConversationMuteButton username={other.username} />}
    </header>
  )
}

/** "Load older messages" (scrolling to the top does it too), or the failure and a retry. */
function OlderMessages({
  loading,
  error,
  onLoad,
}: {
  loading: boolean
  error: string | null
  onLoad: () => Promise<void>
}) {
  return (
    <div className="mb-3 flex justify-center">
      {error ? (
        <Button variant="outline" size="sm" onClick={() => void onLoad()}>
          {error} Retry
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void onLoad()}
          disabled={loading}
          data-testid="load-older"
        >
          {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {loading ? 'Loading older messages…' : 'Load older messages'}
        </Button>
      )}
    </div>
  )
}

/** The messages, a date between days, "Seen" under the viewer's last read message. */
function MessageList({
  messages,
  meId,
  seenId,
}: {
  messages: Data.Messages.Message[]
  meId: number
  seenId: number | null
}) {
  return (
    <ol className="grid gap-1.5">
      {messages.map((message, index) => {
        const previous = messages[index - 1]
        const newDay =
          !previous ||
          new Date(previous.createdAt).toDateString() !== new Date(message.createdAt).toDateString()
        return (
          <li key={message.id} className="grid gap-1.5">
            {newDay && <DayDivider iso={message.createdAt} />}
            <MessageBubble message={message} mine={message.senderId === meId} />
            {message.id === seenId && (
              <p className="text-right text-xs text-muted-foreground" data-testid="seen">
                Seen
              </p>
            )}
          </li>
        )
      })}
    </ol>
  )
}
