import { useState } from 'react'
import { router } from '@inertiajs/react'
import { ArrowUp } from 'lucide-react'
import { Button } from '~/components/ui/button'

/**
 * The "N new posts" button (components/live/new_posts_bar.tsx): loads the
 * feed's first page again, new posts on top, and scrolls up.
 */
export function NewPostsButton({ count, more }: { count: number; more: boolean }) {
  const [loading, setLoading] = useState(false)
  const load = () => {
    setLoading(true)
    router.reload({
      only: ['posts'],
      reset: ['posts'],
      onFinish: () => {
        setLoading(false)
        window.scrollTo({ top: 0, behavior: 'smooth' })
      },
    })
  }

  const label = `${more ? `${count}+` : count} new ${count === 1 && !more ? 'post' : 'posts'}`
  return (
    <div
      className="pointer-events-none sticky top-16 z-30 -mb-3 flex justify-center"
      aria-live="polite"
    >
      <Button
        size="sm"
        className="pointer-events-auto rounded-full shadow-lg"
        onClick={load}
        disabled={loading}
        data-testid="new-posts-bar"
      >
        <ArrowUp className="size-4" aria-hidden /> {label}
      </Button>
    </div>
  )
}
