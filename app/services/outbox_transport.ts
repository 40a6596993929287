import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

function addresses(value: NodeMailerMessage['to']): string {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.map((entry) => (typeof entry === 'string' ? entry : entry.address)).join(', ')
}

/**
 * Development mail transport: stores each message in the outbox_messages
 * table, readable at /dev/outbox. Never used in production (config/mail.ts).
 */
export class OutboxTransport implements MailTransportContract {
  async send(message: NodeMailerMessage) {
    const messageId = randomUUID()
    const to = addresses(message.to)
    await db.table('outbox_messages').insert({
      message_id: messageId,
      to_address: to,
      subject: String(message.subject ?? ''),
      html: typeof message.html === 'string' ? message.html : null,
      text: typeof message.text === 'string' ? message.text : null,
      created_at: new Date(),
    })
    return new MailResponse(messageId, { from: '', to: [to] }, { messageId })
  }
}
