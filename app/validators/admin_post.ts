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
