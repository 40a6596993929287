import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { http, Link, usePage } from '@inertiajs/react'
import { ArrowLeft, FileText, Loader2, Paperclip, SendHorizontal, X } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { fullTimestamp } from '~/components/posts/relative_time'
import type { PostAuthor } from '~/components/posts/types'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/input'
import { useOnReconnect, useOwnChannelEvent } from '~/components/messages/live'
import type {
  ChatMessage,
  HistoryPage,
  MessagesReadEvent,
  MessageSentEvent,
  UserTypingEvent,
} from '~/components/messages/types'
import { jsonRequest } from '~/hooks/json_request'
import { socketId } from '~/lib/realtime'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { SharedProps } from '~/types'

type Props = {
  other: PostAuthor
  conversationId: number | null
  messages: ChatMessage[]
  hasMore: boolean
  nextBefore: number | null
  otherLastReadId: number
  cannotSend: string | null
  limits: { maxLength: number; maxFiles: number; maxFileMb: number; accept: string }
}

/** How long "… is typing" stays without a new typing event. */
const TYPING_SHOWN_MS = 5000
/** At most one typing event sent every … */
const TYPING_SEND_EVERY_MS = 2500

/**
 * Messages/Show: a one-to-one conversation. History loads older pages when
 * scrolled to the top (keeping the reading position); new messages arrive
 * live on the user's own channel; typing and "Seen" come the same way.
 */
export default function MessagesShow(props: Props) {
  // Another person's conversation starts from its own props.
  return <Conversation key={props.other.id} {...props} />
}

function Conversation(props: Props) {
  const { other, limits, cannotSend } = props
  const me = usePage<SharedProps>().props.auth.user!
  const [messages, setMessages] = useState<ChatMessage[]>(props.messages)
  const [hasMore, setHasMore] = useState(props.hasMore)
  const [nextBefore, setNextBefore] = useState(props.nextBefore)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [olderError, setOlderError] = useState<string | null>(null)
  const [otherLastRead, setOtherLastRead] = useState(props.otherLastReadId)
  const [typingUntil, setTypingUntil] = useState(0)
  const scroller = useRef<HTMLDivElement>(null)
  /** Distance from the bottom to restore after older messages were prepended. */
  const restoreFromBottom = useRef<number | null>(null)
  const stickToBottom = useRef(true)

  useLayoutEffect(() => {
    const box = scroller.current
    if (!box) return
    if (restoreFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - restoreFromBottom.current
      restoreFromBottom.current = null
    } else if (stickToBottom.current) {
      box.scrollTop = box.scrollHeight
    }
    // "Seen" and "… is typing" grow the list too: keep them above the composer.
  }, [messages, typingUntil, otherLastRead])

  const loadOlder = useCallback(async () => {
    if (loadingOlder || !hasMore || nextBefore === null) return
    setLoadingOlder(true)
    setOlderError(null)
    try {
      const page = await jsonRequest<HistoryPage>(
        'get',
        route('messages.history', { username: other.username }),
        { before: nextBefore }
      )
      const box = scroller.current
      restoreFromBottom.current = box ? box.scrollHeight - box.scrollTop : null
      setMessages((current) => {
        const known = new Set(current.map((m) => m.id))
        return [...page.messages.filter((m) => !known.has(m.id)), ...current]
      })
      setHasMore(page.hasMore)
      setNextBefore(page.nextBefore)
    } catch (error) {
      setOlderError(error instanceof Error ? error.message : 'Could not load older messages.')
    } finally {
      setLoadingOlder(false)
    }
  }, [loadingOlder, hasMore, nextBefore, other.username])

  const onScroll = () => {
    const box = scroller.current
    if (!box) return
    stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80
    if (box.scrollTop < 120 && hasMore && !loadingOlder && !olderError) void loadOlder()
  }

  const markRead = useCallback(
    (upTo: number) => {
      jsonRequest('post', route('messages.read', { username: other.username }), { upTo }).catch(
        () => {}
      )
    },
    [other.username]
  )

  const append = useCallback((message: ChatMessage) => {
    setMessages((current) =>
      current.some((m) => m.id === message.id) ? current : [...current, message]
    )
  }, [])

  useOwnChannelEvent<MessageSentEvent>('MessageSent', (data) => {
    const withOther =
      (data.from.id === other.id && data.to.id === me.id) ||
      (data.from.id === me.id && data.to.id === other.id)
    if (!withOther) return
    append(data.message)
    if (data.from.id === other.id) {
      setTypingUntil(0)
      if (document.visibilityState === 'visible') markRead(data.message.id)
    }
  })
  useOwnChannelEvent<MessagesReadEvent>('MessagesRead', (data) => {
    if (data.readerId === other.id) {
      setOtherLastRead((current) => Math.max(current, data.lastReadMessageId))
    }
  })
  useOwnChannelEvent<UserTypingEvent>('UserTyping', (data) => {
    if (data.user.id === other.id) setTypingUntil(Date.now() + TYPING_SHOWN_MS)
  })

  // Back online after a lost connection: fetch the newest page, add what was missed.
  useOnReconnect(() => {
    jsonRequest<HistoryPage>('get', route('messages.history', { username: other.username }))
      .then((page) => {
        setMessages((current) => {
          const known = new Set(current.map((m) => m.id))
          const missed = page.messages.filter((m) => !known.has(m.id))
          if (missed.length === 0) return current
          return [...current, ...missed].sort((a, b) => a.id - b.id)
        })
        setOtherLastRead((current) => Math.max(current, page.otherLastReadId))
        const last = page.messages.filter((m) => m.senderId === other.id).at(-1)
        if (last && document.visibilityState === 'visible') markRead(last.id)
      })
      .catch(() => {})
  })

  // Opening the conversation reads it: a POST from the page once it is
  // shown, never the GET that rendered it (a link from another site must not
  // fake a "Seen"). A page opened in a background tab reads it when shown.
  useEffect(() => {
    if (document.visibilityState !== 'visible') return
    const last = props.messages.findLast((m) => m.senderId === other.id)
    if (last) markRead(last.id)
    // Once per conversation page (Conversation is keyed by the other person).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Coming back to the tab reads what arrived while it was hidden.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      const last = [...messages].reverse().find((m) => m.senderId === other.id)
      if (last) markRead(last.id)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [messages, other.id, markRead])

  // The typing line disappears by itself.
  useEffect(() => {
    if (typingUntil === 0) return
    const timer = window.setTimeout(() => setTypingUntil(0), typingUntil - Date.now())
    return () => window.clearTimeout(timer)
  }, [typingUntil])

  const lastMine = [...messages].reverse().find((m) => m.senderId === me.id)
  const seenId = lastMine && otherLastRead >= lastMine.id ? lastMine.id : null
  const firstName = other.fullName.split(/\s+/)[0]
  const profileHref = hasRoute('profiles.show')
    ? route('profiles.show', { username: other.username })
    : null

  return (
    <div className="mx-auto flex h-[calc(100dvh-8.5rem)] max-w-2xl flex-col overflow-hidden rounded-xl border bg-card">
      <PageTitle title={`Messages with ${other.fullName}`} />
      <header className="flex items-center gap-3 border-b px-3 py-2">
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <Link href={route('messages.index')} aria-label="All conversations">
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <AuthorAvatar author={other} />
        <div className="min-w-0">
          <h1 className="truncate font-semibold">
            {profileHref ? (
              <Link href={profileHref} className="hover:underline">
                {other.fullName}
              </Link>
            ) : (
              other.fullName
            )}
          </h1>
          <p className="truncate text-xs text-muted-foreground">@{other.username}</p>
        </div>
      </header>

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
        {hasMore && (
          <div className="mb-3 flex justify-center">
            {olderError ? (
              <Button variant="outline" size="sm" onClick={() => void loadOlder()}>
                {olderError} Retry
              </Button>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void loadOlder()}
                disabled={loadingOlder}
                data-testid="load-older"
              >
                {loadingOlder && <Loader2 className="size-4 animate-spin" aria-hidden />}
                {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
              </Button>
            )}
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-12 text-center text-sm text-muted-foreground">
            {cannotSend ? 'No messages.' : `Say hello to ${firstName}.`}
          </p>
        ) : (
          <ol className="grid gap-1.5">
            {messages.map((message, index) => {
              const mine = message.senderId === me.id
              const previous = messages[index - 1]
              const newDay =
                !previous ||
                new Date(previous.createdAt).toDateString() !==
                  new Date(message.createdAt).toDateString()
              return (
                <li key={message.id} className="grid gap-1.5">
                  {newDay && <DayDivider iso={message.createdAt} />}
                  <Bubble message={message} mine={mine} />
                  {message.id === seenId && (
                    <p className="text-right text-xs text-muted-foreground" data-testid="seen">
                      Seen
                    </p>
                  )}
                </li>
              )
            })}
          </ol>
        )}
        {typingUntil > 0 && (
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
        <Composer
          other={other}
          limits={limits}
          onSent={(message) => {
            stickToBottom.current = true
            append(message)
          }}
        />
      )}
    </div>
  )
}

function DayDivider({ iso }: { iso: string }) {
  const label = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso))
  return (
    <div className="my-2 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  )
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
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

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf'

function Composer({
  other,
  limits,
  onSent,
}: {
  other: PostAuthor
  limits: Props['limits']
  onSent: (message: ChatMessage) => void
}) {
  const [body, setBody] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const lastTyping = useRef(0)
  const fileInput = useRef<HTMLInputElement>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)

  const sendTyping = () => {
    const now = Date.now()
    if (now - lastTyping.current < TYPING_SEND_EVERY_MS) return
    lastTyping.current = now
    jsonRequest('post', route('messages.typing', { username: other.username })).catch(() => {})
  }

  const addFiles = (list: FileList | null) => {
    if (!list) return
    const chosen = [...files, ...Array.from(list)]
    const tooBig = chosen.find((file) => file.size > limits.maxFileMb * 1024 * 1024)
    if (chosen.length > limits.maxFiles) {
      setError(`A message can have at most ${limits.maxFiles} files.`)
    } else if (tooBig) {
      setError(`${tooBig.name} is larger than ${limits.maxFileMb} MB.`)
    } else {
      setError(null)
      setFiles(chosen)
    }
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (sending) return
    const text = body.trim()
    if (!text && files.length === 0) {
      setError('Write a message or attach a file.')
      return
    }
    if (text.length > limits.maxLength) {
      setError(`A message can be at most ${limits.maxLength} characters.`)
      return
    }
    const form = new FormData()
    form.append('body', text)
    for (const file of files) form.append('files[]', file)
    setSending(true)
    setError(null)
    setProgress(files.length ? 0 : null)
    try {
      const socket = socketId()
      const response = await http.getClient().request({
        method: 'post',
        url: route('messages.store', { username: other.username }),
        data: form,
        headers: { Accept: 'application/json', ...(socket ? { 'X-Socket-ID': socket } : {}) },
        onUploadProgress: (progressEvent) => {
          if (progressEvent.total) {
            setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
          }
        },
      })
      const data = JSON.parse(response.data) as { message: ChatMessage }
      onSent(data.message)
      setBody('')
      setFiles([])
      lastTyping.current = 0
      textarea.current?.focus()
    } catch (failure) {
      const response = (failure as { response?: { status: number; data: unknown } }).response
      setError(errorMessage(response?.status ?? 0, response?.data))
    } finally {
      setSending(false)
      setProgress(null)
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-2 border-t p-3" data-testid="message-composer">
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex max-w-56 items-center gap-1 rounded-md border bg-muted px-2 py-1 text-xs"
            >
              <FileText className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                className="rounded p-0.5 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
                disabled={sending}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      )}
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="message-error">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          aria-label="Attach files"
          tabIndex={-1}
          id="message-files"
          onChange={(event) => addFiles(event.target.files)}
          data-testid="message-files"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => fileInput.current?.click()}
          disabled={sending}
          aria-label={`Attach files (${limits.accept}, up to ${limits.maxFileMb} MB each)`}
          title={`Attach ${limits.accept}`}
        >
          <Paperclip className="size-5" aria-hidden />
        </Button>
        <label htmlFor="message-body" className="sr-only">
          Message to {other.fullName}
        </label>
        <Textarea
          ref={textarea}
          id="message-body"
          value={body}
          rows={1}
          maxLength={limits.maxLength}
          placeholder={`Message ${other.fullName}`}
          className="max-h-40 min-h-10 resize-none"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setBody(event.target.value)
            if (event.target.value.trim()) sendTyping()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              void submit()
            }
          }}
          data-testid="message-input"
        />
        <Button type="submit" size="icon" disabled={sending} aria-label="Send" data-testid="send">
          {sending ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <SendHorizontal className="size-5" aria-hidden />
          )}
        </Button>
      </div>
    </form>
  )
}

function errorMessage(status: number, data: unknown) {
  let parsed = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      parsed = null
    }
  }
  const body = parsed as { errors?: { message?: string }[]; message?: string } | null
  if (body?.errors?.[0]?.message) return body.errors[0].message
  if (body?.message) return body.message
  if (status === 413) return 'The files are too large to send.'
  if (status === 0) return 'You appear to be offline. Your message was not sent.'
  if (status === 429) return 'Too many messages. Please wait a moment.'
  return 'Your message could not be sent. Please try again.'
}
