import { errors as vineErrors } from '@vinejs/vine'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { MediaKind } from '#models/media'
import {
  inspectUpload,
  UploadRefused,
  type MediaBatch,
  type StoredMedia,
} from '#services/media_storage'
import { refuse } from '#exceptions/refuse'

/** What one form accepts: posts, comments and messages each pass their own. */
export interface UploadRules {
  /** The form field the errors are reported on (`files`, `images`). */
  field: string
  /** At most this many files in this request. */
  limit: number
  /** The sentence when more than `limit` files were chosen. */
  tooMany: string
  /** Kinds accepted (every kind inspectUpload knows when omitted), and the sentence for another kind. */
  kinds?: { accept: MediaKind[]; refused: (file: MultipartFile) => string }
  /** Every refused file's sentence, summed up as the message on `field`. */
  summary: (messages: string[]) => string
  /** Also one error per refused file on `<field>.<n>` (the post form shows them next to each file). */
  perFile?: boolean
}

/** "The sentence" for one problem, "N <noun> could not be added: …" for several. */
export function countedSummary(noun: string) {
  return (messages: string[]) =>
    messages.length === 1
      ? messages[0]
      : `${messages.length} ${noun} could not be added: ${messages.join(' ')}`
}

/**
 * The upload pipeline for one request (PRODUCT §3): every file is checked
 * first (count, size, type by content, then the form's kinds), and all
 * problems are reported together (422 on `rules.field`, plus `<field>.<n>`
 * when `rules.perFile`). Only then are files processed and written into
 * `batch`; if one is refused there, the batch is discarded before the
 * error is thrown. The caller discards `batch` if anything later fails, so
 * a refused request stores nothing.
 */
export async function storeUploads(
  files: MultipartFile[],
  batch: MediaBatch,
  rules: UploadRules
): Promise<StoredMedia[]> {
  if (files.length > rules.limit) throw refuse(rules.field, rules.tooMany, 'maxLength')

  const checked: { file: MultipartFile; type: Awaited<ReturnType<typeof inspectUpload>> }[] = []
  const problems: { index: number; message: string }[] = []
  for (const [index, file] of files.entries()) {
    try {
      const type = await inspectUpload(file)
      if (rules.kinds && !rules.kinds.accept.includes(type.kind)) {
        problems.push({ index, message: rules.kinds.refused(file) })
      } else {
        checked.push({ file, type })
      }
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error
      problems.push({ index, message: error.message })
    }
  }
  if (problems.length) throw uploadsRefused(rules, problems)

  const stored: StoredMedia[] = []
  try {
    for (const [index, { file, type }] of checked.entries()) {
      try {
        stored.push(await batch.store(file, type))
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error
        throw uploadsRefused(rules, [{ index, message: error.message }])
      }
    }
  } catch (error) {
    await batch.discard()
    throw error
  }
  return stored
}

function uploadsRefused(rules: UploadRules, problems: { index: number; message: string }[]) {
  const { field } = rules
  return new vineErrors.E_VALIDATION_ERROR([
    { field, message: rules.summary(problems.map((p) => p.message)), rule: 'file' },
    ...(rules.perFile
      ? problems.map(({ index, message }) => ({
          field: `${field}.${index}`,
          message,
          rule: 'file',
        }))
      : []),
  ])
}
