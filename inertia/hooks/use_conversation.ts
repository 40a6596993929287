import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useOnReconnect, useOwnChannelEvent } from '~/components/messages/live'
import type {
  HistoryPage,
  MessagesReadEvent,
  MessageSentEvent,
  UserTypingEvent,
} from '~/components/messages/types'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** How long "… is typing" stays without a new typing event. */
const TYPING_SHOWN_MS = 5000

/** The last message of `list` that `senderId` sent. */
function lastFrom(list: Data.Messages.Message[], senderId: number) {
  return list.findLast((m) => m.senderId === senderId)
}

/**
 * The state of a one-to-one conversation (Messages/Show): the messages
 * (older pages loaded when scrolled to the top, keeping the reading
 * position; new ones live on the user's own channel, missed ones fetched
 * after a reconnect), "Seen" and "… is typing", and marking what the
 * viewer has read (a POST once the page is shown, never the GET).
 *
 * Put `scroller` and `onScroll` on the scrolling history; call `sent`
 * with the viewer's own message once the server has it.
 */
export function useConversation(
  initial: Pick<HistoryPage, 'messages' | 'hasMore' | 'nextBefore' | 'otherLastReadId'>,
  other: Data.Person,
  me: { id: number }
) {
  const [messages, setMessages] = useState<Data.Messages.Message[]>(initial.messages)
  const [hasMore, setHasMore] = useState(initial.hasMore)
  const [nextBefore, setNextBefore] = useState(initial.nextBefore)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [olderError, setOlderError] = useState<string | null>(null)
  const [otherLastRead, setOtherLastRead] = useState(initial.otherLastReadId)
  const [typingUntil, setTypingUntil] = useTypingUntil()
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

  const markRead = useMarkRead(other, initial.messages, messages)

  const append = useCallback((message: Data.Messages.Message) => {
    setMessages((current) =>
      current.some((m) => m.id === message.id) ? current : [...current, message]
    )
  }, [])

  /** The viewer's own message, as the server stored it: shown, and scrolled to. */
  const sent = (message: Data.Messages.Message) => {
    stickToBottom.current = true
    append(message)
  }

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
        const last = lastFrom(page.messages, other.id)
        if (last && document.visibilityState === 'visible') markRead(last.id)
      })
      .catch(() => {})
  })

  const lastMine = lastFrom(messages, me.id)
  return {
    messages,
    hasMore,
    loadingOlder,
    olderError,
    loadOlder,
    scroller,
    onScroll,
    sent,
    typing: typingUntil > 0,
    /** The viewer's last message, when the other person has read it ("Seen"). */
    seenId: lastMine && otherLastRead >= lastMine.id ? lastMine.id : null,
  }
}

/**
 * Marks the conversation read up to a message (`markRead`, also for a
 * message that arrives live). Opening it reads it: a POST from the page
 * once it is shown, never the GET that rendered it (a link from another
 * site must not fake a "Seen"); a page opened in a background tab, or
 * left, reads what arrived when it is shown again.
 */
function useMarkRead(
  other: Data.Person,
  initial: Data.Messages.Message[],
  messages: Data.Messages.Message[]
) {
  const markRead = useCallback(
    (upTo: number) => {
      jsonRequest('post', route('messages.read', { username: other.username }), { upTo }).catch(
        () => {}
      )
    },
    [other.username]
  )

  useEffect(() => {
    if (document.visibilityState !== 'visible') return
    const last = lastFrom(initial, other.id)
    if (last) markRead(last.id)
    // Once per conversation page (the page keys it by the other person).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Coming back to the tab reads what arrived while it was hidden.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      const last = lastFrom(messages, other.id)
      if (last) markRead(last.id)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [messages, other.id, markRead])

  return markRead
}

/** Until when "… is typing" shows (0: not shown); it disappears by itself. */
function useTypingUntil() {
  const [typingUntil, setTypingUntil] = useState(0)
  useEffect(() => {
    if (typingUntil === 0) return
    const timer = window.setTimeout(() => setTypingUntil(0), typingUntil - Date.now())
    return () => window.clearTimeout(timer)
  }, [typingUntil])
  return [typingUntil, setTypingUntil] as const
}
