import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import { countedSummary, storeUploads } from '#services/media/upload_pipeline'
import { MediaBatch, sanitizeFileName, type StoredMedia } from '#services/media_storage'
import { MAX_IMAGES_PER_COMMENT } from '#validators/comment'

/**
 * A comment's images (PRODUCT §5) through the posts' upload pipeline
 * (storeUploads): at most MAX_IMAGES_PER_COMMENT, each within the size
 * limit and an image by its content (JPEG, PNG, GIF, WebP), re-encoded
 * without metadata, with display and thumbnail copies. Every file is
 * checked before any is written; problems are reported together on
 * `images` (no per-file keys). The caller discards `batch` if the comment
 * is not saved, so a refused request stores nothing.
 */
export default class StoreCommentImages {
  readonly batch = new MediaBatch()

  async handle(files: MultipartFile[]): Promise<StoredMedia[]> {
    return storeUploads(files, this.batch, {
      field: 'images',
      limit: MAX_IMAGES_PER_COMMENT,
      tooMany: `A comment can have at most ${MAX_IMAGES_PER_COMMENT} images; you chose ${files.length}.`,
      kinds: {
        accept: ['image'],
        refused: (file) =>
          `${sanitizeFileName(file.clientName)}: only images (JPEG, PNG, GIF or WebP) can be added to a comment.`,
      },
      summary: countedSummary('images'),
    })
  }

  /** Media rows for stored images, attached to the comment (not to the post). */
  static async attach(
    stored: StoredMedia[],
    { commentId, uploaderId }: { commentId: number; uploaderId: number },
    trx: TransactionClientContract
  ) {
    for (const [position, item] of stored.entries()) {
      await Media.create(
        { ...item, postId: null, commentId, uploaderId, position },
        { client: trx }
      )
    }
  }
}
