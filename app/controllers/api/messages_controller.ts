import type { HttpContext } from '@adonisjs/core/http'
import Message from '#models/message'
import MessagePolicy from '#policies/message_policy'
import { consumeSendBudget, messageBodyToSend } from '#services/messages/sending'
import SendMessage from '#actions/messages/send_message'
import MarkConversationRead from '#actions/messages/mark_read'
import SignalTyping from '#actions/messages/signal_typing'
import {
  conversationIdBetween,
  conversationList,
  historyPage,
  participants,
  withAttachments,
} from '#queries/messages/conversations'
import { parseIdCursor } from '#queries/feeds/cursor'
import { findByUsername } from '#queries/people/profiles'
import { uploadedFiles } from '#services/http/requests'
import { createOnce, idempotencyKey } from '#services/idempotency'
import { ApiProblem } from '#services/api/problem'
import { sendPage } from '#services/api/responses'
import { apiConversation } from '#transformers/api/conversation_transformer'
import { apiMessage } from '#transformers/api/message_transformer'
import { apiPageValidator } from '#validators/api'
import { markReadValidator, sendMessageValidator } from '#validators/message'

const NOT_FOUND = 'There is no such person, or you may not see them.'

/**
 * Private messages through the public API, by the rules of the web app
 * (MessagesController): everything is resolved from the token's owner and
 * the other person's username; the same queries, validators, MessagePolicy
 * (its refusals become problem details in the exception handler), the same
 * SendMessage / MarkConversationRead actions, the same per-sender flood
 * limit and Idempotency-Key handling.
 */
export default class ApiMessagesController {
  /** The owner's conversations, latest activity first (the web list: at most 100). */
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const rows = await conversationList(user)
    return sendPage(ctx, rows.map(apiConversation), null)
  }

  /** A page of the conversation with :username, the latest (or those before `cursor`). */
  async history(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const other = await otherPerson(ctx)
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const before = parseIdCursor(cursor)
    const conversationId = await conversationIdBetween(user.id, other.id)
    if (!conversationId) return sendHistory(ctx, [], null, null)
    const page = await historyPage(conversationId, before)
    const readState = await participants(conversationId)
    const seen = readState.get(other.id)?.lastReadMessageId ?? 0
    return sendHistory(
      ctx,
      page.messages.map(apiMessage),
      page.hasMore ? page.nextBefore : null,
      seen > 0 ? String(seen) : null
    )
  }

  /** Sends a message (JSON `body`, or multipart with up to 5 `files`); honours Idempotency-Key. */
  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const user = ctx.auth.getUserOrFail()
    const other = await otherPerson(ctx)
    await ctx.bouncer.with(MessagePolicy).authorize('send', other)

    const clientKey = idempotencyKey(request)
    const first = await SendMessage.sentWithKey(user, clientKey)
    if (first) {
      response.header('Idempotent-Replayed', 'true')
      return sent(ctx, Number(first.message.id))
    }
    const data = await request.validateUsing(sendMessageValidator)
    // The web composer's flood guard and body rules: one budget per sender.
    await consumeSendBudget(user.id)
    const files = uploadedFiles(request)
    const body = messageBodyToSend(data.body, files.length)

    const result = await createOnce(
      clientKey,
      () => new SendMessage().handle({ sender: user, recipient: other, body, files, clientKey }),
      () => SendMessage.sentWithKey(user, clientKey)
    )
    await SignalTyping.reset(user.id, other.id)
    return sent(ctx, Number(result.message.id))
  }

  /**
   * "… is typing": the other person's sockets get `UserTyping` on their
   * private channel, at most once every 2 seconds (more often is accepted,
   * not repeated), as the web composer sends it.
   */
  async typing(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const other = await otherPerson(ctx)
    await ctx.bouncer.with(MessagePolicy).authorize('send', other)
    await new SignalTyping().handle(user, other.id)
    return ctx.response.noContent()
  }

  /** Marks the conversation read (up to `upTo`, else all of it). */
  async read(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const other = await otherPerson(ctx)
    const { upTo } = await ctx.request.validateUsing(markReadValidator)
    const conversationId = await conversationIdBetween(user.id, other.id)
    const result = conversationId
      ? await new MarkConversationRead().handle(user.id, other.id, conversationId, upTo ?? null)
      : { lastReadMessageId: 0 }
    const last = Number(result.lastReadMessageId ?? 0)
    return ctx.response.json({ lastReadMessageId: last > 0 ? String(last) : null })
  }
}

/**
 * The other person, by the web conversation's rule (MessagePolicy): 404
 * when unknown or when `see` hides the account; `open`'s refusal (403:
 * oneself, a block either way) otherwise.
 */
async function otherPerson({ bouncer, params }: HttpContext) {
  const other = await findByUsername(params.username)
  if (!other || (await bouncer.with(MessagePolicy).denies('see', other))) {
    throw new ApiProblem(404, NOT_FOUND)
  }
  await bouncer.with(MessagePolicy).authorize('open', other)
  return other
}

function sendHistory(
  ctx: HttpContext,
  data: ReturnType<typeof apiMessage>[],
  nextBefore: number | null,
  otherLastReadId: string | null
) {
  return sendPage(ctx, data, nextBefore, { otherLastReadId })
}

/** 201 with the message as the API shows it (from its row: a replay answers the same). */
async function sent(ctx: HttpContext, messageId: number) {
  const message = await Message.findOrFail(messageId)
  const [record] = await withAttachments([message])
  ctx.response.status(201)
  return ctx.response.json({
    message: apiMessage(record),
    conversationId: String(message.conversationId),
  })
}
