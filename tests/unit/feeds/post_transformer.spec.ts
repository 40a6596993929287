import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import Post from '#models/post'
import PostTransformer, { initialsOf, mediaUrl } from '#transformers/post_transformer'

function post(attributes: Partial<Post>) {
  const model = new Post()
  model.merge({
    id: 10,
    authorId: 1,
    bodyHtml: '<p>x</p>',
    bodyText: 'x',
    audience: 'team',
    status: 'published',
    sharedPostId: null,
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    mediaCount: 0,
    createdAt: DateTime.now().minus({ hours: 2 }),
    publishedAt: DateTime.now().minus({ hours: 2 }),
    updatedAt: DateTime.now().minus({ hours: 2 }),
    ...attributes,
  })
  return model
}

const member = { id: 2, role: 'member' as const }

test.group('Feeds / PostTransformer', () => {
  test('a post changed after publication is marked edited', ({ assert }) => {
    assert.isTrue(PostTransformer.forFeed(post({ updatedAt: DateTime.now() }), member).edited)
  })

  test('a post approved (published) later is not marked edited by the approval', ({ assert }) => {
    const now = DateTime.now()
    const approved = post({ publishedAt: now, updatedAt: now })
    assert.isFalse(PostTransformer.forFeed(approved, member).edited)
  })

  test('pending posts cannot be liked, commented or shared', ({ assert }) => {
    const can = PostTransformer.forFeed(post({ status: 'pending' }), member).can
    assert.deepEqual(can, { edit: false, delete: false, like: false, comment: false, share: false })
  })

  test('the rejection reason is shown to the author and admins only', ({ assert }) => {
    const rejected = post({ status: 'rejected', rejectionReason: 'Off topic' })
    assert.isNull(PostTransformer.forDetail(rejected, member).rejectionReason)
    assert.equal(
      PostTransformer.forDetail(rejected, { id: 1, role: 'member' }).rejectionReason,
      'Off topic'
    )
    assert.equal(
      PostTransformer.forDetail(rejected, { id: 9, role: 'admin' }).rejectionReason,
      'Off topic'
    )
  })

  test('media URLs go through the authorising media route', ({ assert }) => {
    assert.equal(mediaUrl(7, 'thumb'), '/media/7/thumb')
    assert.equal(mediaUrl(7), '/media/7/original')
  })

  test('initials come from the first and last names', ({ assert }) => {
    assert.equal(initialsOf('ana maria lopez'), 'AL')
    assert.equal(initialsOf('Cher'), 'C')
  })
})
