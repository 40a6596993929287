import { useEffect, useId, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Loader2, SquarePen } from 'lucide-react'
import { Avatar } from '~/components/shell/avatar'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { jsonRequest } from '~/hooks/json_request'
import type { Data } from '~data'
import { route } from '~/lib/route'

/** Typing pauses this long before the people search runs. */
const SEARCH_DELAY_MS = 200

/**
 * "New message" on Messages/Index: pick a teammate and open the
 * conversation with them. People come from the people search the composer
 * uses for @mentions (GET /mentions: active teammates, no blocks either
 * way, never the viewer), so whoever is listed can be written to.
 */
export function NewMessageDialog() {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  /** The last answer and the query it answers: loading while they differ. */
  const [found, setFound] = useState<{ query: string; people: Data.Person[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const people = found?.people ?? []
  const loading = found?.query !== query && !error

  useEffect(() => {
    if (!open) return
    let cancelled = false
    const timer = window.setTimeout(() => {
      jsonRequest<{ users: Data.Person[] }>('get', route('mentions.search'), { q: query })
        .then((answer) => {
          if (cancelled) return
          setFound({ query, people: answer.users })
          setError(null)
        })
        .catch((failure: Error) => !cancelled && setError(failure.message))
    }, SEARCH_DELAY_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [open, query])

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <SquarePen className="size-4" aria-hidden /> New message
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>New message</DialogTitle>
          <DialogDescription>Choose a teammate to write to.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Name or username</Label>
          <Input
            id={inputId}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value)
              setError(null)
            }}
          />
        </div>
        <div aria-live="polite" className="min-h-40">
          {error ? (
            <p className="py-4 text-sm text-destructive">{error}</p>
          ) : people.length === 0 ? (
            <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
              {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {loading ? 'Searching…' : 'Nobody matches.'}
            </p>
          ) : (
            <ul className="grid gap-1" data-testid="new-message-people">
              {people.map((person) => (
                <li key={person.id}>
                  <Link
                    route="messages.show"
                    routeParams={{ username: person.username }}
                    className="flex min-h-11 items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted"
                    onClick={() => setOpen(false)}
                  >
                    <Avatar
                      initials={person.initials}
                      name={person.fullName}
                      src={person.avatarUrl}
                      size="sm"
                      decorative
                    />
                    <span className="grid min-w-0">
                      <span className="truncate text-sm font-medium">{person.fullName}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        @{person.username}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
