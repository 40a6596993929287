import { BaseTransformer } from '@adonisjs/core/transformers'
import type { MediaFile } from '#models/media'
import router from '@adonisjs/core/services/router'
import { fileNameForType } from '#services/media_http'

type Variant = 'original' | 'display' | 'thumb'

/** The API's download route of a file (GET /api/v1/media/:id/:variant, the same token). */
function mediaUrl(id: number, variant: Variant) {
  return router.urlBuilder.urlFor('api.media.show', { id, variant })
}

/**
 * A file of a post, comment or message: id as a string, URLs of the API's
 * download route (which authorises as the web media route does).
 */
export default class ApiMediaTransformer extends BaseTransformer<MediaFile> {
  toObject() {
    const item = this.resource
    const url = mediaUrl(item.id, 'original')
    const displayUrl = item.displayKey ? mediaUrl(item.id, 'display') : url
    return {
      id: String(item.id),
      kind: item.kind,
      mime: item.mime,
      width: item.width ?? null,
      height: item.height ?? null,
      name: fileNameForType(item.originalName, item.mime),
      url,
      displayUrl,
      thumbUrl: item.thumbKey
        ? mediaUrl(item.id, 'thumb')
        : item.kind === 'image'
          ? displayUrl
          : null,
    }
  }
}

export function apiMedia(items: MediaFile[]) {
  return items.map((item) => new ApiMediaTransformer(item).toObject())
}
