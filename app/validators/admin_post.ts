import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/**
 * The admin composer's own field (Posts/Form); text, audience and files are
 * validated by the member composer's validators (app/validators/post.ts).
 */
export const announcementValidator = vine.create({
  announcement: vine.boolean().optional(),
})
announcementValidator.messagesProvider = new SimpleMessagesProvider({
  'announcement.boolean': 'The announcement choice must be yes or no.',
})

/** Rejecting a pending post (Posts/Index, Posts/Show): the author is told why. */
export const rejectPostValidator = vine.create({
  reason: vine.string().trim().minLength(1).maxLength(500),
})
rejectPostValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Give the author a reason for rejecting the post.',
  'reason.string': 'Give the author a reason for rejecting the post.',
  'reason.minLength': 'Give the author a reason for rejecting the post.',
  'reason.maxLength': 'The reason can be at most 500 characters.',
})

/** Most posts decided at once from the moderation queue (one page of it). */
export const MAX_BULK_POSTS = 50

/** Approving or rejecting pending posts from the queue (PostModerations/Index). */
export const bulkModerationValidator = vine.create({
  ids: vine
    .array(
      vine
        .number()
        .withoutDecimals()
        .positive()
        .max(2 ** 31 - 1)
    )
    .minLength(1)
    .maxLength(MAX_BULK_POSTS)
    .distinct(),
  decision: vine.enum(['approve', 'reject'] as const),
  reason: vine.string().trim().maxLength(500).optional().requiredWhen('decision', '=', 'reject'),
})
bulkModerationValidator.messagesProvider = new SimpleMessagesProvider({
  'ids.required': 'Choose at least one post.',
  'ids.array': 'Choose at least one post.',
  'ids.minLength': 'Choose at least one post.',
  'ids.maxLength': `Decide at most ${MAX_BULK_POSTS} posts at once.`,
  'ids.distinct': 'A post was chosen twice.',
  'ids.*.number': 'The chosen posts are not valid.',
  'ids.*.withoutDecimals': 'The chosen posts are not valid.',
  'ids.*.positive': 'The chosen posts are not valid.',
  'ids.*.max': 'The chosen posts are not valid.',
  'decision.required': 'Choose approve or reject.',
  'decision.enum': 'Choose approve or reject.',
  'reason.required': 'Give the authors a reason for rejecting their posts.',
  'reason.requiredWhen': 'Give the authors a reason for rejecting their posts.',
  'reason.string': 'The reason must be text.',
  'reason.maxLength': 'The reason can be at most 500 characters.',
})

/** Unpublishing a published post (PostModerations/IndexST): the author is told why. */
export const unpublishPostValidator = vine.create({
  reason: vine.string().trim().minLength(1).maxLength(500),
})
unpublishPostValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Tell the author why the post is unpublished.',
  'reason.string': 'Tell the author why the post is unpublished.',
  'reason.minLength': 'Tell the author why the post is unpublished.',
  'reason.maxLength': 'The reason can be at most 500 characters.',
})

/** A decision on the reports of one target (Reports/Show). */
export const reportDecisionValidator = vine.create({
  decision: vine.enum(['review', 'resolve', 'dismiss'] as const),
  action: vine.enum(['remove_post', 'block_account', 'none'] as const).optional(),
  notes: vine.string().trim().maxLength(2000).nullable().optional(),
})
reportDecisionValidator.messagesProvider = new SimpleMessagesProvider({
  'decision.required': 'Choose what to do with the reports.',
  'decision.enum': 'Choose what to do with the reports.',
  'action.enum': 'Choose one of the offered actions.',
  'notes.string': 'The notes must be text.',
  'notes.maxLength': 'The notes can be at most 2000 characters.',
})
