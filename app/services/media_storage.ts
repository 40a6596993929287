import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join, normalize } from 'node:path'
import { Readable } from 'node:stream'
import sharp, { type Sharp } from 'sharp'
import { fileTypeFromFile } from 'file-type'
import env from '#start/env'
import drive from '@adonisjs/drive/services/main'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { MediaKind } from '#models/media'
import { stripVideoLocation } from '#services/video_metadata'
import { runImageJob } from '#services/image_jobs'
import { fileURLToPath } from 'node:url'
import { getSettings } from '#services/settings'

/**
 * Upload rules (PRODUCT §3, SECURITY.md T5): the type is decided by the
 * file's bytes, never by its name or the browser's MIME type; images are
 * decoded with a pixel limit, turned upright and re-encoded, so no
 * EXIF/GPS/XMP metadata (or anything appended to the image) survives.
 * Videos and PDFs are stored as uploaded, except that MP4/MOV location
 * metadata is cleared (app/services/video_metadata.ts).
 */
/** The hard maximum of files per post; an admin may set a lower limit (upload_limits.ts). */
export const MAX_FILES_PER_POST = 10
export const DEFAULT_MAX_FILE_MB = 10
/** Decoding limit: a "pixel flood" (a small file declaring a huge image) is refused. */
export const MAX_INPUT_PIXELS = 50_000_000
export const DISPLAY_SIZE = 1600
export const THUMB_SIZE = 400

/**
 * The server's hard maximum size of one file (MEDIA_MAX_FILE_MB, default
 * 10): the request body limit (config/bodyparser.ts) is sized from it, so an
 * admin's limit on Settings/AppSetting can only be lower.
 */
export function serverMaxFileMb() {
  const configured = env.get('MEDIA_MAX_FILE_MB')
  return configured && configured > 0 ? configured : DEFAULT_MAX_FILE_MB
}

/** The size limit in force: the admin's (Settings/AppSetting) within the server's maximum. */
export async function maxFileMb() {
  const { uploadMaxFileMb } = await getSettings()
  const server = serverMaxFileMb()
  return uploadMaxFileMb && uploadMaxFileMb > 0 ? Math.min(uploadMaxFileMb, server) : server
}

/** The files-per-post limit in force: the admin's within MAX_FILES_PER_POST. */
export async function maxFilesPerPost() {
  const { uploadMaxFilesPerPost } = await getSettings()
  return uploadMaxFilesPerPost && uploadMaxFilesPerPost > 0
    ? Math.min(uploadMaxFilesPerPost, MAX_FILES_PER_POST)
    : MAX_FILES_PER_POST
}

interface AcceptedType {
  kind: MediaKind
  mime: string
  ext: string
  /** sharp output format for images. */
  format?: 'jpeg' | 'png' | 'gif' | 'webp'
}

/** Sniffed MIME type → what we store. APNG is kept as a (still) PNG. */
const ACCEPTED: Record<string, AcceptedType> = {
  'image/jpeg': { kind: 'image', mime: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
  'image/png': { kind: 'image', mime: 'image/png', ext: 'png', format: 'png' },
  'image/apng': { kind: 'image', mime: 'image/png', ext: 'png', format: 'png' },
  'image/gif': { kind: 'image', mime: 'image/gif', ext: 'gif', format: 'gif' },
  'image/webp': { kind: 'image', mime: 'image/webp', ext: 'webp', format: 'webp' },
  'video/mp4': { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  'video/webm': { kind: 'video', mime: 'video/webm', ext: 'webm' },
  'video/quicktime': { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
  'application/pdf': { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' },
}

export const ACCEPTED_DESCRIPTION = 'JPEG, PNG, GIF, WebP, MP4, WebM, MOV or PDF'

/** A refused file, with the sentence shown next to it. */
export class UploadRefused extends Error {
  constructor(
    public fileName: string,
    message: string
  ) {
    super(message)
  }
}

/** What a stored upload becomes: the columns of a media row. */
export interface StoredMedia {
  kind: MediaKind
  mime: string
  size: number
  originalName: string
  fileKey: string
  displayKey: string | null
  thumbKey: string | null
  width: number | null
  height: number | null
}

/** C0/C1 controls, bidi embeddings/overrides/isolates, zero-width characters. */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/**
 * A file name safe to keep and to show: no folders, no control or
 * bidirectional-override characters, at most 255 characters (the extension
 * is kept when shortening). Never used to build a storage key.
 */
export function sanitizeFileName(name: string | null | undefined) {
  const base = String(name ?? '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if (!base) return 'file'
  if (base.length <= 255) return base
  const dot = base.lastIndexOf('.')
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : ''
  return base.slice(0, 255 - ext.length) + ext
}

/** "14 MB", "10.1 MB", "0.3 MB": rounded up, so a file over the limit never reads as equal to it. */
export function formatMegabytes(bytes: number) {
  const mb = bytes / (1024 * 1024)
  const rounded = Math.ceil(mb * 10) / 10
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} MB`
}

async function fileSize(path: string) {
  const info = await stat(path)
  return info.size
}

/** Server-generated key: media/<yyyy>/<mm>/<uuid><suffix>.<ext>. */
function newKey(ext: string, id = randomUUID(), suffix = '') {
  const now = new Date()
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `media/${now.getUTCFullYear()}/${month}/${id}${suffix}.${ext}`
}

/**
 * Checks one upload before any processing: present, within the size limit,
 * and of an accepted type by its content. Throws UploadRefused.
 */
export async function inspectUpload(file: MultipartFile): Promise<AcceptedType> {
  const name = sanitizeFileName(file.clientName)
  if (!file.tmpPath || file.state !== 'consumed') {
    throw new UploadRefused(name, `${name} could not be received; try again.`)
  }
  const size = file.size || (await fileSize(file.tmpPath))
  if (size === 0) throw new UploadRefused(name, `${name} is empty.`)
  const limitMb = await maxFileMb()
  if (size > Math.floor(limitMb * 1024 * 1024)) {
    throw new UploadRefused(
      name,
      `${name} is ${formatMegabytes(size)}; the limit is ${limitMb} MB.`
    )
  }
  const sniffed = await fileTypeFromFile(file.tmpPath).catch(() => undefined)
  const accepted = sniffed ? ACCEPTED[sniffed.mime] : undefined
  if (!accepted) {
    throw new UploadRefused(
      name,
      `${name}: this file type is not supported (use ${ACCEPTED_DESCRIPTION}).`
    )
  }
  return accepted
}

/**
 * Files written while handling one request. If anything fails before the
 * database commits, `discard()` removes them all, so a refused or failed
 * request leaves nothing behind.
 */
export class MediaBatch {
  readonly written: string[] = []

  private get disk() {
    return drive.use()
  }

  /** Processes and stores an inspected upload. Throws UploadRefused for unreadable images. */
  async store(file: MultipartFile, type: AcceptedType): Promise<StoredMedia> {
    const originalName = sanitizeFileName(file.clientName)
    const size = file.size || (await fileSize(file.tmpPath!))
    if (type.kind === 'image') return this.storeImage(file.tmpPath!, type, originalName)

    // MP4 / MOV keep their bytes, minus where they were shot.
    if (type.ext === 'mp4' || type.ext === 'mov') await stripVideoLocation(file.tmpPath!)
    const fileKey = newKey(type.ext)
    await this.disk.copyFromFs(file.tmpPath!, fileKey, { contentType: type.mime })
    this.written.push(fileKey)
    return {
      kind: type.kind,
      mime: type.mime,
      size,
      originalName,
      fileKey,
      displayKey: null,
      thumbKey: null,
      width: null,
      height: null,
    }
  }

  private async storeImage(path: string, type: AcceptedType, originalName: string) {
    let rendered: RenderedImage
    try {
      // One slot of the bounded image queue for the decode and every encode.
      rendered = await runImageJob(() => renderImage(path, type))
    } catch (error) {
      throw imageError(originalName, error)
    }
    const { width, height, original, display, thumb } = rendered

    const id = randomUUID()
    const fileKey = newKey(type.ext, id)
    const displayKey = newKey('webp', id, '-display')
    const thumbKey = newKey('webp', id, '-thumb')
    await this.put(fileKey, original, type.mime)
    await this.put(displayKey, display, 'image/webp')
    await this.put(thumbKey, thumb, 'image/webp')
    return {
      kind: 'image' as const,
      mime: type.mime,
      size: original.length,
      originalName,
      fileKey,
      displayKey,
      thumbKey,
      width: width || null,
      height: height || null,
    }
  }

  private async put(key: string, contents: Buffer, contentType: string) {
    // Recorded first: a write that fails half-way still gets cleaned up.
    this.written.push(key)
    await this.disk.put(key, contents, { contentType })
  }

  /** Deletes every file this batch wrote (best effort, never throws). */
  async discard() {
    await deleteMediaFiles(this.written.splice(0))
  }
}

interface RenderedImage {
  width: number
  height: number
  original: Buffer
  display: Buffer
  thumb: Buffer
}

/** Decodes an uploaded image (pixel limit, upright) into the three stored versions. */
async function renderImage(path: string, type: AcceptedType): Promise<RenderedImage> {
  const animated = type.format === 'gif' || type.format === 'webp'
  const meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, animated }).metadata()
  const multiPage = (meta.pages ?? 1) > 1
  // EXIF orientation applied (rotate/flip) so the stored pixels are upright.
  const width = meta.autoOrient?.width ?? meta.width ?? 0
  const height = multiPage ? (meta.pageHeight ?? meta.height ?? 0) : (meta.autoOrient?.height ?? 0)
  const source = () =>
    sharp(path, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: multiPage,
      failOn: 'error',
    })
      .timeout({ seconds: 30 })
      .autoOrient()

  // Re-encoded in its own format: metadata is dropped (sharp keeps none
  // unless asked), and bytes appended to the image (polyglots) are gone.
  const original = await encode(source(), type.format!, width * height).toBuffer()
  const display = await source()
    .resize({
      width: DISPLAY_SIZE,
      height: DISPLAY_SIZE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 82 })
    .toBuffer()
  // The thumbnail is the first frame only, even for animations.
  const thumb = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .timeout({ seconds: 30 })
    .autoOrient()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
  return { width, height, original, display, thumb }
}

/**
 * Above this many pixels JPEGs are encoded without mozjpeg's trellis
 * quantisation: about 10 % larger files, but 4× faster (a 50-megapixel
 * photo: 11 s → 3 s on one core), so a big photo does not hold its queue
 * slot (app/services/image_jobs.ts) for long.
 */
export const MOZJPEG_MAX_PIXELS = 16_000_000

function encode(image: Sharp, format: NonNullable<AcceptedType['format']>, pixels: number) {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: pixels <= MOZJPEG_MAX_PIXELS })
    case 'png':
      return image.png({ compressionLevel: 9 })
    case 'gif':
      return image.gif()
    case 'webp':
      return image.webp({ quality: 90 })
  }
}

function imageError(name: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) {
    return new UploadRefused(
      name,
      `${name} is too large in pixels; images may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`
    )
  }
  if (/timeout/i.test(message)) {
    return new UploadRefused(name, `${name} took too long to process; try a smaller image.`)
  }
  return new UploadRefused(name, `${name} could not be read as an image; it may be damaged.`)
}

/** Removes stored files by key; missing files are fine (best effort). */
export async function deleteMediaFiles(keys: (string | null | undefined)[]) {
  const disk = drive.use()
  for (const key of keys) {
    if (!key) continue
    try {
      await disk.delete(key)
    } catch {
      // Already gone, or the store is unreachable: an orphan file at worst,
      // never a failed request.
    }
  }
}

/**
 * A stored file's metadata and a stream of its bytes (or of one byte
 * range). On the local disk ranges are read directly; other stores stream
 * the object and skip to the range.
 */
export async function mediaFileInfo(key: string) {
  return drive.use().getMetaData(key)
}

export async function mediaFileStream(
  key: string,
  range?: { start: number; end: number }
): Promise<Readable> {
  const disk = drive.use()
  if (disk.driver instanceof FSDriver) {
    const { location } = disk.driver.options
    const root = normalize(typeof location === 'string' ? location : fileURLToPath(location))
    const path = normalize(join(root, key))
    if (!path.startsWith(root)) throw new Error('Invalid media key')
    return createReadStream(path, range ?? {})
  }
  const stream = await disk.getStream(key)
  return range ? Readable.from(sliceBytes(stream, range.start, range.end)) : stream
}

async function* sliceBytes(stream: Readable, start: number, end: number) {
  let position = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const chunkEnd = position + chunk.length
    if (chunkEnd > start && position <= end) {
      yield chunk.subarray(
        Math.max(0, start - position),
        Math.min(chunk.length, end - position + 1)
      )
    }
    position = chunkEnd
    if (position > end) break
  }
  stream.destroy()
}
