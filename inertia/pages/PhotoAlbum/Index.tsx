import type { Scroll } from '@adonisjs/inertia/types'
import { Image } from 'lucide-react'
import { AlbumGrid } from '~/components/albums/album_grid'
import { FeedHeader, NewPostButton } from '~/components/posts/feed_header'
import { EmptyState } from '~/components/shell/empty_state'
import type { Data } from '~data'

/** My photos: every image of my posts, newest first, opening in the lightbox. */
export default function PhotoAlbumIndex({
  media,
}: {
  media: Scroll<Data.Media.Variants['forAlbum']>
}) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <FeedHeader title="My photos" intro="The photos of your posts, newest first." />
      <AlbumGrid
        media={media}
        kind="image"
        endLabel="That's all of your photos"
        empty={
          <EmptyState
            icon={Image}
            title="No photos yet"
            action={<NewPostButton variant="outline" />}
          >
            Photos you add to your posts appear here.
          </EmptyState>
        }
      />
    </div>
  )
}
