import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { Search } from 'lucide-react'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

/**
 * The header search box (people and posts). Rendered by the member shell
 * only once the `search` route exists.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const [q, setQ] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '')

  function submit(e: FormEvent) {
    e.preventDefault()
    const query = q.trim()
    router.get(route('search', undefined, query ? { q: query } : undefined))
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className={cn('relative', className)}
      data-testid="header-search"
    >
      <label htmlFor="header-search-input" className="sr-only">
        Search people and posts
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        id="header-search-input"
        type="search"
        name="q"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search people and posts"
        className="h-9 w-full rounded-md border border-input bg-background pr-3 pl-8 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
      />
    </form>
  )
}
