import Lightbox, { type Slide } from 'yet-another-react-lightbox'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import Video from 'yet-another-react-lightbox/plugins/video'
import Download from 'yet-another-react-lightbox/plugins/download'
import Counter from 'yet-another-react-lightbox/plugins/counter'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/counter.css'
import type { Data } from '~data'

/**
 * The media viewer (PRODUCT §3): images and videos of a post, full screen,
 * with keyboard (← → to move, Esc to close, + / − to zoom), pinch / wheel /
 * double-click zoom and drag to pan; videos play inline (HTTP ranges on the
 * server); Download saves the original. Loaded on demand (lazy), so feeds
 * never ship it until someone opens a photo.
 */
export default function MediaLightbox({
  items,
  index,
  onClose,
}: {
  items: Data.Media[]
  index: number
  onClose: () => void
}) {
  const slides = items.filter((item) => item.kind !== 'pdf').map(toSlide)
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Zoom, Video, Download, Counter]}
      carousel={{ finite: slides.length <= 1, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
      render={slides.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{ Download: 'Download original' }}
    />
  )
}

function videoType(name: string) {
  if (/\.webm$/i.test(name)) return 'video/webm'
  // QuickTime files with H.264 play in browsers that would refuse the
  // "video/quicktime" hint: the server sends the real type anyway.
  return 'video/mp4'
}

function toSlide(item: Data.Media): Slide {
  const download = { url: `${item.url}?download=1`, filename: item.name }
  if (item.kind === 'video') {
    return {
      type: 'video',
      poster: item.thumbUrl ?? undefined,
      width: item.width ?? undefined,
      height: item.height ?? undefined,
      sources: [{ src: item.url, type: videoType(item.name) }],
      download,
    }
  }
  const width = item.width ?? undefined
  const height = item.height ?? undefined
  // The display copy fits in 1600×1600; zooming past it loads the original.
  const scale = width && height ? Math.min(1, 1600 / Math.max(width, height)) : 1
  return {
    src: item.displayUrl,
    alt: item.name,
    width,
    height,
    srcSet:
      width && height
        ? [
            {
              src: item.displayUrl,
              width: Math.round(width * scale),
              height: Math.round(height * scale),
            },
            { src: item.url, width, height },
          ]
        : undefined,
    download,
  }
}
