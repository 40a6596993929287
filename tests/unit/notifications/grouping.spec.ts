import { test } from '@japa/runner'
import { MAX_GROUP_ACTORS, mergeActor } from '#services/notifications/kinds'
import {
  actorNames,
  describeNotification,
} from '../../../inertia/components/notifications/describe.js'
import { badgeLabel } from '../../../inertia/components/notifications/badge_label.js'

const person = (id: number, fullName: string) => ({
  id,
  fullName,
  username: `u${id}`,
  initials: fullName[0],
  avatarUrl: null,
})

test.group('Notifications / grouping', () => {
  test('a first actor starts a group', ({ assert }) => {
    assert.deepEqual(mergeActor(null, 7), { actorIds: [7], actorCount: 1 })
    assert.deepEqual(mergeActor(null, null), { actorIds: [], actorCount: 0 })
  })

  test('new actors go first and count; someone already in the group changes nothing', ({
    assert,
  }) => {
    const one = mergeActor(null, 1)!
    const two = mergeActor(one, 2)!
    assert.deepEqual(two, { actorIds: [2, 1], actorCount: 2 })
    assert.isNull(mergeActor(two, 1))
    assert.isNull(mergeActor(two, 2))
  })

  test('the ids kept are capped but the count keeps going', ({ assert }) => {
    let data = mergeActor(null, 1)!
    for (let id = 2; id <= MAX_GROUP_ACTORS + 5; id++) data = mergeActor(data, id)!
    assert.lengthOf(data.actorIds, MAX_GROUP_ACTORS)
    assert.equal(data.actorIds[0], MAX_GROUP_ACTORS + 5)
    assert.equal(data.actorCount, MAX_GROUP_ACTORS + 5)
  })

  test('extra data (latest comment) follows the newest event', ({ assert }) => {
    const first = mergeActor(null, 1, { commentId: 10 })!
    assert.equal(mergeActor(first, 2, { commentId: 11 })!.commentId, 11)
  })
})

test.group('Notifications / sentences', () => {
  test('"Ana and 3 others liked your post"', ({ assert }) => {
    const actors = [person(1, 'Ana Silva'), person(2, 'Bo Lee')]
    assert.equal(actorNames(actors.slice(0, 1), 1), 'Ana Silva')
    assert.equal(actorNames(actors, 2), 'Ana Silva and Bo Lee')
    assert.equal(actorNames(actors, 3), 'Ana Silva and 2 others')
    assert.equal(actorNames(actors.slice(0, 1), 2), 'Ana Silva and 1 other')
    assert.equal(actorNames([], 0), 'Someone')
    assert.deepEqual(describeNotification({ kind: 'post_liked', actors, actorCount: 4 }), {
      names: 'Ana Silva and 3 others',
      text: 'liked your post',
    })
  })

  test('notices without an actor', ({ assert }) => {
    assert.deepEqual(
      describeNotification({ kind: 'account_approved', actors: [], actorCount: 0 }),
      {
        names: null,
        text: 'Your account was approved. Welcome to the team!',
      }
    )
  })

  test('badge: nothing at 0, the number up to 99, then 99+', ({ assert }) => {
    assert.isNull(badgeLabel(0))
    assert.equal(badgeLabel(1), '1')
    assert.equal(badgeLabel(99), '99')
    assert.equal(badgeLabel(100), '99+')
  })
})
