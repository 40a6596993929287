/**
 * Client-side helpers for attachments. The server decides what it accepts
 * (by content, app/services/media_storage.ts); these only give quick
 * feedback before anything is sent.
 */
export type AttachmentKind = 'image' | 'video' | 'pdf' | 'other'

export function kindOf(file: File): AttachmentKind {
  if (/^image\/(jpeg|png|gif|webp)$/.test(file.type)) return 'image'
  if (/^video\//.test(file.type)) return 'video'
  if (file.type === 'application/pdf') return 'pdf'
  return 'other'
}

/** Images the cropper can re-encode (animated GIFs would lose their animation). */
export function canCrop(file: File) {
  return /^image\/(jpeg|png|webp)$/.test(file.type)
}

/** "14 MB", "10.1 MB", "350 KB": the same rounding (up) as the server's messages. */
export function formatSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`
  const mb = Math.ceil((bytes / (1024 * 1024)) * 10) / 10
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

/** The first problem the server would report for this file, if we can tell early. */
export function precheck(file: File, maxFileMb: number) {
  if (file.size === 0) return `${file.name} is empty.`
  if (file.size > maxFileMb * 1024 * 1024) {
    return `${file.name} is ${formatSize(file.size)}; the limit is ${maxFileMb} MB.`
  }
  return null
}
