import type User from '#models/user'
import { MAX_POST_TEXT } from '#services/posts/post_body'
import { allowedAudiences, publicationStatus } from '#services/posts/publication'
import { ACCEPTED_DESCRIPTION, maxFilesPerPost, maxFileMb } from '#services/media_storage'
import { getSettings } from '#services/settings'

/** The file picker's hint; the server decides by content, whatever this says. */
const ACCEPT_ATTRIBUTE =
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime,application/pdf'

/**
 * What the post composer needs to know, decided on the server (the
 * author's and the admin's Posts/Form).
 */
export async function composerSettings(user: User) {
  const { moderationPolicy } = await getSettings()
  const audiences = allowedAudiences(user)
  return {
    audiences: audiences.map((audience) => ({
      value: audience,
      reviewed: publicationStatus(user, audience, moderationPolicy) !== 'published',
    })),
    defaultAudience: audiences[0],
    maxFiles: await maxFilesPerPost(),
    maxFileMb: await maxFileMb(),
    maxTextLength: MAX_POST_TEXT,
    accept: ACCEPT_ATTRIBUTE,
    acceptDescription: ACCEPTED_DESCRIPTION,
  }
}
