import type { Scroll } from '@adonisjs/inertia/types'
import { Video } from 'lucide-react'
import { AlbumGrid } from '~/components/albums/album_grid'
import { FeedHeader, NewPostButton } from '~/components/posts/feed_header'
import { EmptyState } from '~/components/shell/empty_state'
import type { Data } from '~data'

/** My videos: every video of my posts, newest first, playing in the lightbox. */
export default function MyVideo({ media }: { media: Scroll<Data.Media.Variants['forAlbum']> }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <FeedHeader title="My videos" intro="The videos of your posts, newest first." />
      <AlbumGrid
        media={media}
        kind="video"
        endLabel="That's all of your videos"
        empty={
          <EmptyState
            icon={Video}
            title="No videos yet"
            action={<NewPostButton variant="outline" />}
          >
            Videos you add to your posts appear here.
          </EmptyState>
        }
      />
    </div>
  )
}
