import type { Group } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import {
  broadcastTransport,
  installBroadcastTransport,
  type BroadcastTransport,
} from '#services/broadcast'
import type User from '#models/user'

/**
 * Notifications test support: a broadcast transport that records what the
 * app publishes (channel, event, data) instead of sending it, and small
 * readers of the notifications table.
 */
export interface Published {
  channel: string
  event: string
  data: any
}

export function recordBroadcasts(group: Group) {
  const published: Published[] = []
  let previous: BroadcastTransport | null = null
  group.each.setup(() => {
    published.length = 0
    previous = broadcastTransport()
    installBroadcastTransport({
      async publish(channels, event, data) {
        for (const channel of channels) published.push({ channel, event, data })
      },
    })
    return () => installBroadcastTransport(previous)
  })
  return {
    all: published,
    on(channel: string, event?: string) {
      return published.filter(
        (item) => item.channel === channel && (!event || item.event === `App\\Events\\${event}`)
      )
    },
  }
}

export function userChannel(user: Pick<User, 'id'>) {
  return `private-App.Models.User.${user.id}`
}

export async function notificationsOf(user: Pick<User, 'id'>) {
  const rows = await db.from('notifications').where('user_id', user.id).orderBy('id', 'desc')
  return rows.map((row) => ({
    ...row,
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
  }))
}

export async function kindsOf(user: Pick<User, 'id'>) {
  const rows = await notificationsOf(user)
  return rows.map((row) => row.kind)
}
