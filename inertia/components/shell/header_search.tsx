import { useEffect, useRef, useState, type FormEvent } from 'react'
import { router, usePage } from '@inertiajs/react'
import { Search } from 'lucide-react'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

/** Wait this long after the last keystroke before searching. */
const DEBOUNCE_MS = 250
/** The search page's props that change with the query. */
const RESULT_PROPS = ['q', 'sort', 'showPeople', 'people', 'posts']

/**
 * The header search box (people and posts). Rendered by the member shell
 * only once the `search` route exists. Instant: typing searches after a
 * short pause — from another page it opens the search page, on the search
 * page it reloads only the results (partial reload, lists reset). The
 * shell persists across visits, so the box keeps its text and focus.
 * Enter searches at once.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const page = usePage()
  const [q, setQ] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const onSearchPage = page.component === 'Homepage/Search'
  const searched = useRef(onSearchPage ? q.trim() : null)

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), [])

  // Back / forward or a link to another search: show that query, unless the
  // person is typing in the box right now.
  const pageQuery = onSearchPage ? String((page.props as { q?: unknown }).q ?? '') : null
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (pageQuery === null || document.activeElement === input.current) return
    setQ(pageQuery)
    searched.current = pageQuery
  }, [pageQuery])

  function search(value: string) {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const query = value.trim()
    if (onSearchPage && searched.current === query) return
    searched.current = query
    const url = route('search', undefined, query ? { q: query } : undefined)
    if (onSearchPage) {
      router.get(url, undefined, {
        only: RESULT_PROPS,
        reset: ['people', 'posts'],
        preserveState: true,
        preserveScroll: true,
        replace: true,
      })
    } else {
      router.get(url, undefined, { preserveState: true })
    }
  }

  function change(value: string) {
    setQ(value)
    if (timer.current) clearTimeout(timer.current)
    // Typing in the box on another page starts a search only once there is something to find.
    if (!onSearchPage && !value.trim()) return
    timer.current = setTimeout(() => search(value), DEBOUNCE_MS)
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    search(q)
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
        ref={input}
        id="header-search-input"
        type="search"
        name="q"
        value={q}
        autoComplete="off"
        maxLength={200}
        onChange={(e) => change(e.target.value)}
        placeholder="Search people and posts"
        className="h-9 w-full rounded-md border border-input bg-background pr-3 pl-8 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
      />
    </form>
  )
}
