import { useEffect, useMemo } from 'react'

/**
 * A blob: URL for a local file (previews before upload), revoked when the
 * file changes or the component goes away. The page CSP allows blob:
 * images for exactly this.
 */
export function useObjectUrl(file: Blob | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url)
    },
    [url]
  )
  return url
}
