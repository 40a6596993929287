import { lazy, Suspense, useCallback, useState } from 'react'
import type { Data } from '~data'

const MediaLightbox = lazy(() => import('~/components/media/lightbox'))

/**
 * Opens a post's images and videos in the lightbox. The lightbox chunk
 * (yet-another-react-lightbox + zoom) is fetched the first time a tile is
 * clicked. Pass `open` as a card's `onOpenMedia`; render `viewer`.
 */
export function useMediaViewer() {
  const [state, setState] = useState<{ items: Data.Media[]; index: number } | null>(null)
  const open = useCallback((items: Data.Media[], index: number) => setState({ items, index }), [])
  const viewer = state ? (
    <Suspense fallback={null}>
      <MediaLightbox items={state.items} index={state.index} onClose={() => setState(null)} />
    </Suspense>
  ) : null
  return { open, viewer }
}
