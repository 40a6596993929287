import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { runImageJob } from '#services/image_jobs'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  deleteMediaFiles,
  inspectUpload,
  MAX_INPUT_PIXELS,
  maxFileMb,
  sanitizeFileName,
  UploadRefused,
} from '#services/media_storage'
import { avatarKeys, type ProfileImageKind } from '#services/profile_image_keys'

export type { ProfileImageKind } from '#services/profile_image_keys'

/**
 * Avatars and covers (PRODUCT §8): the same upload rules as post media
 * (type by content, size limit, pixel limit, re-encoded so no EXIF/GPS
 * survives), images only, cropped on the server to the rectangle the
 * person chose (in the pixels of the upright image) and stored as WebP:
 * a square avatar in two sizes, a 3:1 cover.
 *
 * Keys: avatars/<yyyy>/<mm>/<uuid>-256.webp (users.avatar_key; the small
 * size is the same key with -96), covers/<yyyy>/<mm>/<uuid>.webp
 * (users.cover_key).
 */

interface Spec {
  aspect: number
  label: string
  /** Smallest accepted crop, in source pixels. */
  minWidth: number
  minHeight: number
  outputs: { width: number; height: number; suffix: string }[]
}

export const PROFILE_IMAGE_SPECS: Record<ProfileImageKind, Spec> = {
  avatar: {
    aspect: 1,
    label: 'square',
    minWidth: 32,
    minHeight: 32,
    outputs: [
      { width: 256, height: 256, suffix: '-256' },
      { width: 96, height: 96, suffix: '-96' },
    ],
  },
  cover: {
    aspect: 3,
    label: '3:1',
    minWidth: 300,
    minHeight: 100,
    outputs: [{ width: 1500, height: 500, suffix: '' }],
  },
}

/** The limits shown next to the file pickers (Profile/Cover, the avatar dialog). */
export async function profileImageRules(kind: ProfileImageKind) {
  const spec = PROFILE_IMAGE_SPECS[kind]
  return {
    aspect: spec.aspect,
    minWidth: spec.minWidth,
    minHeight: spec.minHeight,
    maxFileMb: await maxFileMb(),
    accept: 'image/jpeg,image/png,image/gif,image/webp',
  }
}
export type ProfileImageRules = Awaited<ReturnType<typeof profileImageRules>>

export interface CropArea {
  x: number
  y: number
  width: number
  height: number
}

/** A refused crop (wrong values), reported on the `crop` field. */
export class CropRefused extends Error {}

/**
 * The crop to apply on an upright image of `width`×`height`: the one given
 * (checked: whole pixels, inside the image, the kind's shape within 2 %,
 * not too small) or, without one, the largest centred area of that shape.
 */
export function resolveCrop(
  kind: ProfileImageKind,
  image: { width: number; height: number },
  crop: CropArea | null
): CropArea {
  const spec = PROFILE_IMAGE_SPECS[kind]
  if (!crop) {
    const width = Math.min(image.width, Math.round(image.height * spec.aspect))
    const height = Math.min(image.height, Math.round(width / spec.aspect))
    if (width < spec.minWidth || height < spec.minHeight) throw tooSmall(kind)
    return {
      x: Math.floor((image.width - width) / 2),
      y: Math.floor((image.height - height) / 2),
      width,
      height,
    }
  }
  const values = [crop.x, crop.y, crop.width, crop.height]
  if (!values.every((value) => Number.isSafeInteger(value) && value >= 0)) {
    throw new CropRefused('The crop area must be given in whole pixels.')
  }
  if (crop.width < 1 || crop.height < 1) throw new CropRefused('The crop area is empty.')
  if (crop.x + crop.width > image.width || crop.y + crop.height > image.height) {
    throw new CropRefused(
      `The crop area lies outside the image (${image.width}×${image.height} pixels).`
    )
  }
  const ratio = crop.width / crop.height
  if (Math.abs(ratio - spec.aspect) > spec.aspect * 0.02) {
    throw new CropRefused(
      kind === 'avatar'
        ? 'The avatar crop must be square.'
        : 'The cover crop must be three times as wide as it is high (3:1).'
    )
  }
  if (crop.width < spec.minWidth || crop.height < spec.minHeight) throw tooSmall(kind)
  return crop
}

function tooSmall(kind: ProfileImageKind) {
  const spec = PROFILE_IMAGE_SPECS[kind]
  return new CropRefused(
    `The ${kind} must be at least ${spec.minWidth}×${spec.minHeight} pixels; choose a larger image or area.`
  )
}

function datedFolder(kind: ProfileImageKind) {
  const now = new Date()
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${kind === 'avatar' ? 'avatars' : 'covers'}/${now.getUTCFullYear()}/${month}`
}

/**
 * Checks, crops, re-encodes and stores one upload. Returns the key to save
 * on the user (the large avatar, or the cover). Throws UploadRefused (the
 * file) or CropRefused (the crop); nothing stays on the disk then.
 */
export async function storeProfileImage(
  kind: ProfileImageKind,
  file: MultipartFile,
  crop: CropArea | null
): Promise<string> {
  const type = await inspectUpload(file)
  const name = sanitizeFileName(file.clientName)
  if (type.kind !== 'image') {
    throw new UploadRefused(name, `${name}: choose an image (JPEG, PNG, GIF or WebP).`)
  }

  // One slot of the bounded image queue (app/services/image_jobs.ts) for the
  // decode and every encode; the crop is checked inside, once the size is known.
  const encoded = await runImageJob(async () => {
    let upright: { width: number; height: number }
    try {
      const meta = await sharp(file.tmpPath!, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
      upright = {
        width: meta.autoOrient?.width ?? meta.width ?? 0,
        height: meta.autoOrient?.height ?? meta.height ?? 0,
      }
    } catch (error) {
      throw unreadable(name, error)
    }
    const area = resolveCrop(kind, upright, crop)

    const spec = PROFILE_IMAGE_SPECS[kind]
    const outputs: { suffix: string; bytes: Buffer }[] = []
    try {
      for (const output of spec.outputs) {
        // First frame only; metadata dropped (sharp keeps none unless asked).
        const bytes = await sharp(file.tmpPath!, {
          limitInputPixels: MAX_INPUT_PIXELS,
          failOn: 'error',
        })
          .timeout({ seconds: 30 })
          .autoOrient()
          .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
          .resize({ width: output.width, height: output.height, fit: 'fill' })
          .webp({ quality: 84 })
          .toBuffer()
        outputs.push({ suffix: output.suffix, bytes })
      }
    } catch (error) {
      throw unreadable(name, error)
    }
    return outputs
  })

  const base = `${datedFolder(kind)}/${randomUUID()}`
  const written: string[] = []
  try {
    for (const { suffix, bytes } of encoded) {
      const key = `${base}${suffix}.webp`
      written.push(key)
      await drive.use().put(key, bytes, { contentType: 'image/webp' })
    }
  } catch (error) {
    await deleteMediaFiles(written)
    throw error
  }
  return written[0]
}

/** Every file of a stored avatar or cover key (best effort, never throws). */
export async function deleteProfileImage(kind: ProfileImageKind, key: string | null | undefined) {
  await deleteMediaFiles(kind === 'avatar' ? avatarKeys(key) : [key])
}

function unreadable(name: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) {
    return new UploadRefused(
      name,
      `${name} is too large in pixels; images may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`
    )
  }
  return new UploadRefused(name, `${name} could not be read as an image; it may be damaged.`)
}
