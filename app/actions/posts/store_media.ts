import { errors as vineErrors } from '@vinejs/vine'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import {
  inspectUpload,
  MAX_FILES_PER_POST,
  MediaBatch,
  UploadRefused,
  type StoredMedia,
} from '#services/media_storage'

/** One refused field, reported like a validation error (422 / errors in the form). */
export function refuse(field: string, message: string, rule = 'invalid') {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}

export interface StoreMediaInput {
  files: MultipartFile[]
  /** Files the post keeps: the new ones count against the 10-file limit with them. */
  keptCount?: number
}

/**
 * The upload pipeline for one request (PRODUCT §3): every file is checked
 * first (count, size, type by content), and all problems are reported
 * together, one message per file (`files.<n>`, and `files` for the first).
 * Only then are files processed and written, into a MediaBatch the caller
 * discards if anything later fails, so a refused request stores nothing.
 */
export default class StoreMedia {
  readonly batch = new MediaBatch()

  async handle({ files, keptCount = 0 }: StoreMediaInput): Promise<StoredMedia[]> {
    if (files.length + keptCount > MAX_FILES_PER_POST) {
      throw refuse(
        'files',
        keptCount > 0
          ? `A post can have at most ${MAX_FILES_PER_POST} files; it already has ${keptCount}, so you can add ${Math.max(0, MAX_FILES_PER_POST - keptCount)} more.`
          : `A post can have at most ${MAX_FILES_PER_POST} files; you chose ${files.length}.`,
        'maxLength'
      )
    }

    const checked: { file: MultipartFile; type: Awaited<ReturnType<typeof inspectUpload>> }[] = []
    const problems: { index: number; message: string }[] = []
    for (const [index, file] of files.entries()) {
      try {
        checked.push({ file, type: await inspectUpload(file) })
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error
        problems.push({ index, message: error.message })
      }
    }
    if (problems.length) throw filesRefused(problems)

    const stored: StoredMedia[] = []
    try {
      for (const [index, { file, type }] of checked.entries()) {
        try {
          stored.push(await this.batch.store(file, type))
        } catch (error) {
          if (!(error instanceof UploadRefused)) throw error
          throw filesRefused([{ index, message: error.message }])
        }
      }
    } catch (error) {
      await this.batch.discard()
      throw error
    }
    return stored
  }

  /** Media rows for stored files, attached to a post, positions after `firstPosition`. */
  static async attach(
    stored: StoredMedia[],
    {
      postId,
      uploaderId,
      firstPosition,
    }: { postId: number; uploaderId: number; firstPosition: number },
    trx: TransactionClientContract
  ) {
    for (const [offset, item] of stored.entries()) {
      await Media.create(
        { ...item, postId, uploaderId, commentId: null, position: firstPosition + offset },
        { client: trx }
      )
    }
  }
}

function filesRefused(problems: { index: number; message: string }[]) {
  return new vineErrors.E_VALIDATION_ERROR([
    {
      field: 'files',
      message:
        problems.length === 1
          ? problems[0].message
          : `${problems.length} files could not be added: ${problems.map((p) => p.message).join(' ')}`,
      rule: 'file',
    },
    ...problems.map(({ index, message }) => ({ field: `files.${index}`, message, rule: 'file' })),
  ])
}
