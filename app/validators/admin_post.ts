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
