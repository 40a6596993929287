import { BaseTransformer } from '@adonisjs/core/transformers'
import type { MediaFile } from '#models/media'
import { mediaUrl } from '#services/media_urls'
import { fileNameForType } from '#services/media_http'

/**
 * A file attached to a post, a comment or a message: by URLs of the
 * authorising route `media.show` only. `Data.Media`; `forAlbum` (My photos /
 * My videos) adds the post it belongs to.
 */
export default class MediaTransformer extends BaseTransformer<MediaFile> {
  toObject() {
    const item = this.resource
    const url = mediaUrl(item.id, 'original')
    const displayUrl = item.displayKey ? mediaUrl(item.id, 'display') : url
    const thumbUrl = item.thumbKey
      ? mediaUrl(item.id, 'thumb')
      : item.kind === 'image'
        ? displayUrl
        : null
    return {
      id: item.id,
      kind: item.kind,
      width: item.width ?? null,
      height: item.height ?? null,
      name: fileNameForType(item.originalName, item.mime),
      url,
      displayUrl,
      thumbUrl,
    }
  }

  forAlbum() {
    return { ...this.toObject(), postId: this.resource.postId! }
  }
}
