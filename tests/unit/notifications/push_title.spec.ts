import { test } from '@japa/runner'
import { NOTIFICATION_KINDS } from '#enums/notification_kinds'
import { pushTitle } from '#services/notifications/push'
import { describeNotification } from '../../../inertia/components/notifications/describe.js'

const person = (id: number, fullName: string) => ({
  id,
  fullName,
  username: `u${id}`,
  initials: fullName[0],
  avatarUrl: null,
})

/** A push reads exactly as the bell's row (describe.ts) for every kind and group size. */
test.group('Notifications / push title', () => {
  test('every kind has its own words (none falls back to "did something")', ({ assert }) => {
    for (const kind of NOTIFICATION_KINDS) {
      const { text } = describeNotification({ kind, actors: [person(1, 'Ana')], actorCount: 1 })
      assert.notEqual(text, 'did something', kind)
    }
  })

  test('every kind reads like the bell', ({ assert }) => {
    const actors = [person(1, 'Ana Silva'), person(2, 'Bo Lee')]
    for (const kind of NOTIFICATION_KINDS) {
      for (const [list, count] of [
        [actors.slice(0, 1), 1],
        [actors, 2],
        [actors, 4],
        [[], 0],
      ] as const) {
        const item = { kind, actors: [...list], actorCount: count }
        const bell = describeNotification(item)
        const expected = bell.names ? `${bell.names} ${bell.text}` : bell.text
        assert.equal(pushTitle(item), expected, `${kind} × ${count}`)
      }
    }
  })
})
