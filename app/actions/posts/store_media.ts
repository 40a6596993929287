import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import { driveSqlSteps, type SqlSteps } from '#services/db/sql_steps'
import { insertModelRow } from '#services/db/model_rows'
import { maxFilesPerPost, MediaBatch, type StoredMedia } from '#services/media_storage'
import { countedSummary, storeUploads } from '#services/media/upload_pipeline'

export interface StoreMediaInput {
  files: MultipartFile[]
  /** Files the post keeps: the new ones count against the 10-file limit with them. */
  keptCount?: number
}

/**
 * A post's files through storeUploads: any accepted kind, at most
 * maxFilesPerPost() (Settings/AppSetting) with the files the post keeps, one error per file
 * (`files.<n>`) besides the summary on `files`.
 */
export default class StoreMedia {
  readonly batch = new MediaBatch()

  async handle({ files, keptCount = 0 }: StoreMediaInput): Promise<StoredMedia[]> {
    const max = await maxFilesPerPost()
    return storeUploads(files, this.batch, {
      field: 'files',
      limit: max - keptCount,
      tooMany:
        keptCount > 0
          ? `A post can have at most ${max} files; it already has ${keptCount}, so you can add ${Math.max(0, max - keptCount)} more.`
          : `A post can have at most ${max} files; you chose ${files.length}.`,
      summary: countedSummary('files'),
      perFile: true,
    })
  }

  /** Media rows for stored files, attached to a post, positions after `firstPosition`. */
  static *attachSteps(
    stored: StoredMedia[],
    {
      postId,
      uploaderId,
      firstPosition,
    }: { postId: number; uploaderId: number; firstPosition: number }
  ): SqlSteps<void> {
    for (const [offset, item] of stored.entries()) {
      yield insertModelRow(Media, {
        ...item,
        postId,
        uploaderId,
        commentId: null,
        position: firstPosition + offset,
      })
    }
  }

  /** attachSteps inside the caller's transaction. */
  static attach(
    stored: StoredMedia[],
    place: { postId: number; uploaderId: number; firstPosition: number },
    trx: TransactionClientContract
  ) {
    return driveSqlSteps(StoreMedia.attachSteps(stored, place), trx)
  }
}
