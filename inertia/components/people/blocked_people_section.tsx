import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ShieldOff } from 'lucide-react'
import { Avatar } from '~/components/shell/avatar'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** Profile settings: the people I blocked, each with Unblock (PRODUCT §8). */
export function BlockedPeopleSection({ people }: { people: Data.Person[] }) {
  return (
    <section
      aria-labelledby="blocked-title"
      className="rounded-xl border bg-card p-6 shadow-sm"
      data-testid="blocked-people"
    >
      <h2 id="blocked-title" className="text-lg font-semibold">
        Blocked people
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        You and the people you blocked don't see each other's posts, comments or messages.
      </p>
      {people.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">You have not blocked anyone.</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {people.map((person) => (
            <li key={person.id} className="flex items-center gap-3">
              <Avatar
                initials={person.initials}
                name={person.fullName}
                src={person.avatarUrl}
                size="sm"
                decorative
              />
              <span className="min-w-0 flex-1">
                <Link
                  route="profiles.show"
                  routeParams={person}
                  className="block truncate text-sm font-medium hover:underline"
                >
                  {person.fullName}
                </Link>
                <span className="block truncate text-xs text-muted-foreground">
                  @{person.username}
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Unblock ${person.fullName}`}
                onClick={() =>
                  router.delete(route('blocks.destroy', person), { preserveScroll: true })
                }
              >
                <ShieldOff className="size-4" aria-hidden /> Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
