import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import { refuse } from '#actions/posts/store_media'
import { inspectUpload, MediaBatch, UploadRefused, type StoredMedia } from '#services/media_storage'
import { MAX_IMAGES_PER_COMMENT } from '#validators/comment'

/**
 * A comment's images (PRODUCT §5) through the posts' media pipeline
 * (app/services/media_storage.ts): at most MAX_IMAGES_PER_COMMENT, each
 * within the size limit and an image by its content (JPEG, PNG, GIF,
 * WebP), re-encoded without metadata, with display and thumbnail copies.
 * Every file is checked before any is written; problems are reported
 * together (`images`, `images.<n>`). The caller discards `batch` if the
 * comment is not saved, so a refused request stores nothing.
 */
export default class StoreCommentImages {
  readonly batch = new MediaBatch()

  async handle(files: MultipartFile[]): Promise<StoredMedia[]> {
    if (files.length > MAX_IMAGES_PER_COMMENT) {
      throw refuse(
        'images',
        `A comment can have at most ${MAX_IMAGES_PER_COMMENT} images; you chose ${files.length}.`,
        'maxLength'
      )
    }
    const checked: { file: MultipartFile; type: Awaited<ReturnType<typeof inspectUpload>> }[] = []
    const problems: { index: number; message: string }[] = []
    for (const [index, file] of files.entries()) {
      try {
        const type = await inspectUpload(file)
        if (type.kind !== 'image') {
          throw new UploadRefused(
            file.clientName,
            `${file.clientName}: only images (JPEG, PNG, GIF or WebP) can be added to a comment.`
          )
        }
        checked.push({ file, type })
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error
        problems.push({ index, message: error.message })
      }
    }
    if (problems.length) throw imagesRefused(problems)

    const stored: StoredMedia[] = []
    try {
      for (const [index, { file, type }] of checked.entries()) {
        try {
          stored.push(await this.batch.store(file, type))
        } catch (error) {
          if (!(error instanceof UploadRefused)) throw error
          throw imagesRefused([{ index, message: error.message }])
        }
      }
    } catch (error) {
      await this.batch.discard()
      throw error
    }
    return stored
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

function imagesRefused(problems: { index: number; message: string }[]) {
  return refuse(
    'images',
    problems.length === 1
      ? problems[0].message
      : `${problems.length} images could not be added: ${problems.map((p) => p.message).join(' ')}`,
    'file'
  )
}
