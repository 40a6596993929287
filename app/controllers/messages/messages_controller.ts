import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { uploadedFiles, wantsJson } from '#services/http/requests'
import { createOnce, idempotencyKey } from '#services/idempotency'
import MessagePolicy from '#policies/message_policy'
import { consumeSendBudget, messageBodyToSend } from '#services/messages/sending'
import SendMessage from '#actions/messages/send_message'
import { MAX_MESSAGE_FILES, MESSAGE_ACCEPTED_DESCRIPTION } from '#services/messages/messaging_rules'
import MarkConversationRead from '#actions/messages/mark_read'
import SignalTyping from '#actions/messages/signal_typing'
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
import { maxFileMb } from '#services/media_storage'
import PersonTransformer from '#transformers/person_transformer'
import MessageTransformer from '#transformers/messages/message_transformer'
import ConversationTransformer from '#transformers/messages/conversation_transformer'
import { findByUsername } from '#queries/people/profiles'

/** Sending: a flood guard well above any conversation's pace (429 beyond it). */

/**
 * Private messages (PRODUCT §7). Everything is resolved from the signed-in
 * user and the other person's username, so nobody can address a
 * conversation they are not in. Unknown usernames are the 404 page; a
 * conversation with yourself or across a block is the 403 page; other
 * refusals (inactive account, an external not yet written to) show the
 * page with the reason and refuse to send (403 with the message). Who may
 * do what is MessagePolicy; its refusals are E_MESSAGING_REFUSED, answered
 * by the exception handler (JSON or the 403 page).
 */
export default class MessagesController {
  async index({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const conversations = await conversationList(user)
    return inertia.render('Messages/Index', {
      conversations: conversations.map((row) => new ConversationTransformer(row).toObject()),
    })
  }

  async show(ctx: HttpContext) {
    const { auth, inertia } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(ctx)
    const conversationId = await conversationIdBetween(user.id, other.id)
    const history = conversationId
      ? await historyPage(conversationId, null)
      : { messages: [], hasMore: false, nextBefore: null }
    const readState = conversationId ? await participants(conversationId) : new Map()
    // Opening the page writes nothing: the page marks the conversation read
    // with a POST to messages.read once it is shown, so a link from another
    // site cannot fake a "Seen" (issue 16 item 4).
    return inertia.render('Messages/Show', {
      other: new PersonTransformer(other).toObject(),
      conversationId,
      messages: history.messages.map((message) => new MessageTransformer(message).toObject()),
      hasMore: history.hasMore,
      nextBefore: history.nextBefore,
      /** The other person has read my messages up to this id ("Seen"). */
      otherLastReadId: readState.get(other.id)?.lastReadMessageId ?? 0,
      cannotSend: await this.sendRefusal(ctx, other),
      limits: {
        maxLength: MESSAGE_MAX_LENGTH,
        maxFiles: MAX_MESSAGE_FILES,
        maxFileMb: await maxFileMb(),
        accept: MESSAGE_ACCEPTED_DESCRIPTION,
      },
    })
  }

  /** GET …/history?before=ID (JSON): an older page of the conversation. */
  async history(ctx: HttpContext) {
    const { auth, request, response } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(ctx)
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
      messages: page.messages.map((message) => new MessageTransformer(message).toObject()),
      hasMore: page.hasMore,
      nextBefore: page.nextBefore,
      otherLastReadId: readState.get(other.id)?.lastReadMessageId ?? 0,
    })
  }

  async store(ctx: HttpContext) {
    const { auth, bouncer, request } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(ctx)
    await bouncer.with(MessagePolicy).authorize('send', other)

    // A replay (the outbox sending again) answers like the first request did.
    const clientKey = idempotencyKey(request)
    const first = await SendMessage.sentWithKey(user, clientKey)
    if (first) return this.sent(ctx, other, first)
    const data = await request.validateUsing(sendMessageValidator)
    await consumeSendBudget(user.id)
    const files = uploadedFiles(request)
    const body = messageBodyToSend(data.body, files.length)

    const sent = await createOnce(
      clientKey,
      () =>
        new SendMessage().handle({
          sender: user,
          recipient: other,
          body,
          files,
          socketId: request.header('x-socket-id') ?? null,
          clientKey,
        }),
      () => SendMessage.sentWithKey(user, clientKey)
    )
    // A sent message hides "… is typing" on the other side, and the composer
    // starts its own throttle again: typing right after sending must be heard.
    await SignalTyping.reset(user.id, other.id)
    return this.sent(ctx, other, sent)
  }

  private sent(ctx: HttpContext, other: User, sent: { message: unknown; conversationId: number }) {
    const { response, session } = ctx
    if (wantsJson(ctx)) return response.status(201).json(sent)
    session.flash('success', 'Your message is sent.')
    return response.redirect().toRoute('messages.show', { username: other.username })
  }

  /** POST …/read: the viewer has seen the conversation (up to `upTo`). */
  async read(ctx: HttpContext) {
    const { auth, request, response } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(ctx)
    const { upTo } = await request.validateUsing(markReadValidator)
    const conversationId = await conversationIdBetween(user.id, other.id)
    const result = conversationId
      ? await new MarkConversationRead().handle(user.id, other.id, conversationId, upTo ?? null)
      : { lastReadMessageId: 0 }
    if (wantsJson(ctx)) return response.json({ lastReadMessageId: result.lastReadMessageId })
    return response.redirect().toRoute('messages.show', { username: other.username })
  }

  /**
   * POST …/typing: "Ana is typing…" on the other person's channel, at most
   * once every 2 seconds (more often is accepted and not repeated).
   */
  async typing(ctx: HttpContext) {
    const { auth, bouncer, response } = ctx
    const user = auth.getUserOrFail()
    const other = await this.otherPerson(ctx)
    await bouncer.with(MessagePolicy).authorize('send', other)
    await new SignalTyping().handle(user, other.id)
    return response.noContent()
  }

  /**
   * The other person of the conversation, by the route's username: 404
   * when there is no such account or MessagePolicy.see hides it; a
   * refusal (yourself, a block either way) when it may not be opened.
   */
  private async otherPerson({ bouncer, params }: HttpContext) {
    const other = await findByUsername(params.username)
    if (!other || (await bouncer.with(MessagePolicy).denies('see', other))) {
      throw new E_NOT_FOUND()
    }
    await bouncer.with(MessagePolicy).authorize('open', other)
    return other
  }

  /** Why the viewer may not write to `other` (shown on the page), or null. */
  private async sendRefusal({ bouncer }: HttpContext, other: User) {
    const decision = await bouncer.with(MessagePolicy).execute('send', other)
    return decision.authorized ? null : (decision.message ?? null)
  }
}
