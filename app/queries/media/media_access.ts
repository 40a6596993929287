import db from '@adonisjs/lucid/services/db'

/**
 * The reads MediaPolicy needs to decide who may download a file (one
 * indexed query each).
 */

/** Whether `userId` is one of the two people of the conversation message `messageId` is in. */
export async function isMessageParticipant(messageId: number, userId: number) {
  const participant = await db
    .from('messages as m')
    .join('conversation_participants as cp', 'cp.conversation_id', 'm.conversation_id')
    .where('m.id', messageId)
    .where('cp.user_id', userId)
    .select('cp.user_id')
    .first()
  return Boolean(participant)
}

/** A comment that is not deleted: its post and author, or null. */
export async function liveComment(
  commentId: number
): Promise<{ postId: number; authorId: number } | null> {
  const comment = await db
    .from('comments')
    .where('id', commentId)
    .whereNull('deleted_at')
    .select('post_id', 'author_id')
    .first()
  return comment ? { postId: Number(comment.post_id), authorId: Number(comment.author_id) } : null
}
