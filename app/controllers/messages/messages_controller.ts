import type { HttpContext } from '@adonisjs/core/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type User from '#models/user'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { wantsJson } from '#controllers/engagement/responses'
import { refuse } from '#actions/posts/store_media'
import { isBlockedPair, messagingRefusal } from '#actions/messages/messaging_rules'
import { cleanMessageBody } from '#actions/messages/message_body'
import SendMessage, {
  MAX_MESSAGE_FILES,
  MESSAGE_ACCEPTED_DESCRIPTION,
} from '#actions/messages/send_message'
import MarkConversationRead from '#actions/messages/mark_read'
import { userChannel } from '#actions/messages/channels'
import {
  conversationIdBetween,
  conversationList,
  historyPage,
  participants,
} from '#queries/messages/conversations'
import {
  historyValidator,
  markReadValidator,
  MESSAGE_MAX_LENGTH,
  sendMessageValidator,
} from '#validators/message'
import { broadcast } from '#services/broadcast'
import { maxFileMb } from '#services/media_storage'
import { authorJson } from '#transformers/post_transformer'
import { accountVisibleTo, findByUsername } from '#queries/people/profiles'

/** Typing events: at most one every 2 seconds per sender and recipient. */
const typingLimiter = () => limiter.use({ requests: 1, duration: '2 secs' })
const typingKey = (sender: User, recipient: User) => `message-typing:${sender.id}:${recipient.id}`
/** Sending: a flood guard well above any conversation's pace (429 beyond it). */
export const MESSAGES_PER_MINUTE = 30
const sendLimiter = () => limiter.use({ requests: MESSAGES_PER_MINUTE, duration: '1 min' })

/**
 * Private messages (PRODUCT §7). Everything is resolved from the signed-in
 * user and the other person's username, so nobody can address a
 * conversation they are not in. Unknown usernames are the 404 page; a
 * conversation with yourself or across a block is the 403 page; other
 * refusals (inactive account, an external not yet written to) show the
 * page with the reason and refuse to send (403 with the message).
 */
export default class MessagesController {
  async index({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('Messages/Index', { conversations: await conversationList(user) })
  }

  show(ctx: HttpContext) {
    return guarded(ctx, () => this.showPage(ctx))
  }

  /** GET …/history?before=ID (JSON): an older page of the conversation. */
  history(ctx: HttpContext) {
    return guarded(ctx, () => this.historyPage(ctx))
  }

  store(ctx: HttpContext) {
    return guarded(ctx, () => this.storeMessage(ctx))
  }

  /** POST …/read: the viewer has seen the conversation (up to `upTo`). */
  read(ctx: HttpContext) {
    return guarded(ctx, () => this.markRead(ctx))
  }

  /**
   * POST …/typing: "Ana is typing…" on the other person's channel, at most
   * once every 2 seconds (more often is accepted and not repeated).
   */
  typing(ctx: HttpContext) {
    return guarded(ctx, () => this.typingEvent(ctx))
  }

  private async showPage({ auth, inertia, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(user, params.username)
    const conversationId = await conversationIdBetween(user.id, other.id)
    const history = conversationId
      ? await historyPage(conversationId, null)
      : { messages: [], hasMore: false, nextBefore: null }
    const readState = conversationId ? await participants(conversationId) : new Map()
    // Opening the page writes nothing: the page marks the conversation read
    // with a POST to messages.read once it is shown, so a link from another
    // site cannot fake a "Seen" (issue 16 item 4).
    return inertia.render('Messages/Show', {
      other: authorJson(other),
      conversationId,
      messages: history.messages,
      hasMore: history.hasMore,
      nextBefore: history.nextBefore,
      /** The other person has read my messages up to this id ("Seen"). */
      otherLastReadId: readState.get(other.id)?.lastReadMessageId ?? 0,
      cannotSend: await messagingRefusal(user, other),
      limits: {
        maxLength: MESSAGE_MAX_LENGTH,
        maxFiles: MAX_MESSAGE_FILES,
        maxFileMb: maxFileMb(),
        accept: MESSAGE_ACCEPTED_DESCRIPTION,
      },
    })
  }

  private async historyPage({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(user, params.username)
    const { before } = await request.validateUsing(historyValidator, {
      data: request.qs(),
    })
    const conversationId = await conversationIdBetween(user.id, other.id)
    if (!conversationId) {
      return response.json({ messages: [], hasMore: false, nextBefore: null, otherLastReadId: 0 })
    }
    const page = await historyPage(conversationId, before ?? null)
    const readState = await participants(conversationId)
    // How far the other person read ("Seen"), for a page catching up after a lost connection.
    return response.json({
      ...page,
      otherLastReadId: readState.get(other.id)?.lastReadMessageId ?? 0,
    })
  }

  private async storeMessage(ctx: HttpContext) {
    const { auth, params, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(user, params.username)
    const refusal = await messagingRefusal(user, other)
    if (refusal) refused(refusal)

    const data = await request.validateUsing(sendMessageValidator)
    try {
      await sendLimiter().consume(`messages-send:${user.id}`)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        error.setMessage('You are sending messages too quickly. Wait a moment and try again.')
      }
      throw error
    }
    const body = cleanMessageBody(data.body)
    const files = uploadedFiles(request)
    if (body.length > MESSAGE_MAX_LENGTH) {
      throw refuse(
        'body',
        `A message can be at most ${MESSAGE_MAX_LENGTH} characters; this one has ${body.length}.`,
        'maxLength'
      )
    }
    if (!body && files.length === 0)
      throw refuse('body', 'Write a message or attach a file.', 'required')

    const sent = await new SendMessage().handle({
      sender: user,
      recipient: other,
      body,
      files,
      socketId: request.header('x-socket-id') ?? null,
    })
    // A sent message hides "… is typing" on the other side, and the composer
    // starts its own throttle again: typing right after sending must be heard.
    await typingLimiter().delete(typingKey(user, other))
    if (wantsJson(ctx)) return response.status(201).json(sent)
    session.flash('success', 'Your message is sent.')
    return response.redirect().toRoute('messages.show', { username: other.username })
  }

  private async markRead(ctx: HttpContext) {
    const { auth, params, request, response } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(user, params.username)
    const { upTo } = await request.validateUsing(markReadValidator)
    const conversationId = await conversationIdBetween(user.id, other.id)
    const result = conversationId
      ? await new MarkConversationRead().handle(user.id, other.id, conversationId, upTo ?? null)
      : { lastReadMessageId: 0 }
    if (wantsJson(ctx)) return response.json({ lastReadMessageId: result.lastReadMessageId })
    return response.redirect().toRoute('messages.show', { username: other.username })
  }

  private async typingEvent(ctx: HttpContext) {
    const { auth, params, response } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(user, params.username)
    const refusal = await messagingRefusal(user, other)
    if (refusal) refused(refusal)
    await typingLimiter().attempt(typingKey(user, other), () =>
      broadcast(userChannel(other.id), 'UserTyping', {
        user: { id: user.id, fullName: user.fullName, username: user.username },
      })
    )
    return response.noContent()
  }

  /**
   * The other person by username: 404 when there is no such account or
   * the viewer may not know it exists (the profile page's rule,
   * accountVisibleTo: pending, unverified, deactivated… accounts are
   * hidden from non-admins) unless the two already have a conversation
   * (it is in the viewer's list); 403 for yourself and across a block
   * (either side).
   */
  private async otherPerson(user: User, username: unknown) {
    const other = await findByUsername(username)
    if (!other) throw new E_NOT_FOUND()
    if (!accountVisibleTo(user, other) && !(await conversationIdBetween(user.id, other.id))) {
      throw new E_NOT_FOUND()
    }
    if (other.id === user.id) refused('You cannot send messages to yourself.')
    if (await isBlockedPair(user.id, other.id)) {
      refused('You cannot exchange messages with this person.')
    }
    return other
  }
}

/**
 * A refusal to message someone: JSON callers get 403 with the message,
 * pages and forms the 403 page with it.
 */
class MessagingRefused extends Error {}

function refused(message: string): never {
  throw new MessagingRefused(message)
}

async function guarded<T>(ctx: HttpContext, work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof MessagingRefused)) throw error
    if (wantsJson(ctx)) {
      return ctx.response.status(403).json({ errors: [{ message: error.message }] })
    }
    throw new E_FORBIDDEN(error.message)
  }
}

/** The uploaded files, whatever the form called the list (`files`, `files[]`…). */
function uploadedFiles(request: HttpContext['request']): MultipartFile[] {
  const value = (request.allFiles() as Record<string, unknown>).files
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.filter((file): file is MultipartFile => file instanceof MultipartFile)
}
