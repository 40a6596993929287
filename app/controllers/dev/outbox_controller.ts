import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'

interface OutboxRow {
  id: number
  to_address: string
  subject: string
  html: string | null
  text: string | null
  created_at: string | Date
}

const LIST_LIMIT = 100

/**
 * Links in a mail, from the text part and the HTML hrefs, in order and
 * without duplicates, so a developer can follow a verification or reset
 * link with one click.
 */
export function extractLinks(row: Pick<OutboxRow, 'html' | 'text'>) {
  const found = new Set<string>()
  for (const match of (row.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.add(match[0])
  for (const match of (row.html ?? '').matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)) {
    found.add(match[1].replace(/&amp;/g, '&'))
  }
  return [...found]
}

const iso = (value: string | Date) => new Date(value).toISOString()

/**
 * The development mail outbox (outbox_messages, filled by the outbox mail
 * transport when no SMTP server is configured). Anyone may read it: it only
 * exists outside production (devOnly middleware) and is how a newcomer
 * follows verification and reset links on a fresh install.
 */
export default class OutboxController {
  async index({ inertia }: HttpContext) {
    const rows: OutboxRow[] = await db
      .from('outbox_messages')
      .select('id', 'to_address', 'subject', 'created_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return inertia.render('Dev/Outbox', {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        createdAt: iso(row.created_at),
      })),
    })
  }

  async show({ params, inertia }: HttpContext) {
    const id = Number(params.id)
    // Outside the integer column's range no row can match (and PostgreSQL would reject the query).
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new E_NOT_FOUND()
    const row: OutboxRow | null = await db.from('outbox_messages').where('id', id).first()
    if (!row) throw new E_NOT_FOUND()
    return inertia.render('Dev/OutboxShow', {
      message: {
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        createdAt: iso(row.created_at),
        html: row.html,
        text: row.text,
        links: extractLinks(row),
      },
    })
  }
}
