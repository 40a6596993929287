import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type User from '#models/user'
import { dbNow } from '#services/db/db_time'
import { refuse } from '#exceptions/refuse'
import { UploadRefused } from '#services/media_storage'
import {
  CropRefused,
  deleteProfileImage,
  storeProfileImage,
  type CropArea,
  type ProfileImageKind,
} from '#services/profile_images'
import { lockRowsForChange } from '#services/db/row_lock'

const COLUMN: Record<ProfileImageKind, 'avatar_key' | 'cover_key'> = {
  avatar: 'avatar_key',
  cover: 'cover_key',
}

/** When the current image was uploaded (the admin review grid, Profile/Photos). */
export const CHANGED_AT: Record<ProfileImageKind, 'avatar_changed_at' | 'cover_changed_at'> = {
  avatar: 'avatar_changed_at',
  cover: 'cover_changed_at',
}

/**
 * Replaces a user's avatar or cover: the new files are stored first, then
 * the key is swapped in a transaction (row locked on PostgreSQL), then the
 * previous files are deleted. A refused upload (422 on `avatar` / `cover`
 * or `crop`) or a failure leaves the old image and no new file.
 */
export async function replaceProfileImage(
  user: User,
  kind: ProfileImageKind,
  file: MultipartFile | null,
  crop: CropArea | null
) {
  if (!file) throw refuse(kind, `Choose an image for your ${kind}.`, 'required')
  let key: string
  try {
    key = await storeProfileImage(kind, file, crop)
  } catch (error) {
    if (error instanceof UploadRefused) throw refuse(kind, error.message, 'file')
    if (error instanceof CropRefused) throw refuse('crop', error.message, 'crop')
    throw error
  }

  let previous: string | null = null
  try {
    await db.transaction(async (trx) => {
      const row = await lockRowsForChange(
        trx.from('users').where('id', user.id).select(COLUMN[kind])
      ).firstOrFail()
      previous = row[COLUMN[kind]] ?? null
      await trx
        .from('users')
        .where('id', user.id)
        .update({ [COLUMN[kind]]: key, [CHANGED_AT[kind]]: dbNow(), updated_at: dbNow() })
    })
  } catch (error) {
    await deleteProfileImage(kind, key)
    throw error
  }
  if (kind === 'avatar') user.avatarKey = key
  else user.coverKey = key
  if (previous && previous !== key) await deleteProfileImage(kind, previous)
  return key
}

/** Removes the avatar or cover (nothing to do when there is none). */
export async function removeProfileImage(user: User, kind: ProfileImageKind) {
  let previous: string | null = null
  await db.transaction(async (trx) => {
    const row = await lockRowsForChange(
      trx.from('users').where('id', user.id).select(COLUMN[kind])
    ).firstOrFail()
    previous = row[COLUMN[kind]] ?? null
    if (previous) {
      await trx
        .from('users')
        .where('id', user.id)
        .update({ [COLUMN[kind]]: null, [CHANGED_AT[kind]]: null, updated_at: dbNow() })
    }
  })
  if (kind === 'avatar') user.avatarKey = null
  else user.coverKey = null
  await deleteProfileImage(kind, previous)
  return previous !== null
}
