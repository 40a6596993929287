import { useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { Search, X } from 'lucide-react'
import { Input } from '~/components/ui/input'

/**
 * A search field that keeps its query in the URL: typing (debounced) or
 * pressing Enter reloads the list with `name` (default `q`) and the other
 * filters, keeping the field's focus and text (preserveState).
 */
export function SearchBox({
  url,
  name = 'q',
  value,
  params,
  label,
  placeholder,
}: {
  url: string
  name?: string
  value: string
  params: Record<string, string | undefined>
  label: string
  placeholder?: string
}) {
  const [q, setQ] = useState(value)
  const first = useRef(true)

  function visit(query: string) {
    router.get(
      url,
      { ...params, [name]: query.trim() || undefined },
      { preserveState: true, preserveScroll: true, replace: true }
    )
  }

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (q.trim() === value) return
    const timer = setTimeout(() => visit(q), 350)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q])

  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        visit(q)
      }}
      className="relative w-full sm:max-w-xs"
    >
      <label htmlFor="list-search" className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id="list-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={placeholder}
        maxLength={100}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {q && (
        <button
          type="button"
          onClick={() => {
            setQ('')
            visit('')
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
          aria-label="Clear search"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </form>
  )
}
