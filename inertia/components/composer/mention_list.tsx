import { forwardRef, useEffect, useImperativeHandle, useState } from 'react'
import { Avatar } from '~/components/shell/avatar'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

export type MentionListHandle = {
  onKeyDown: (event: KeyboardEvent) => boolean
}

/**
 * The @mention suggestions under the caret: ↑/↓ to move, Enter or Tab to
 * pick, Esc to dismiss (handled by the suggestion plugin). A listbox for
 * screen readers, with the active option announced.
 */
export const MentionList = forwardRef<
  MentionListHandle,
  {
    /** People the author may tag, as GET /mentions returns them. */
    items: Data.Person[]
    loading: boolean
    query: string
    command: (item: { id: string | null; label?: string | null }) => void
  }
>(function MentionListView({ items, loading, query, command }, ref) {
  const [active, setActive] = useState(0)
  useEffect(() => setActive(0), [items])

  const pick = (index: number) => {
    const item = items[index]
    if (item) command({ id: String(item.id), label: item.username })
  }

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (items.length === 0) return false
      if (event.key === 'ArrowDown') {
        setActive((index) => (index + 1) % items.length)
        return true
      }
      if (event.key === 'ArrowUp') {
        setActive((index) => (index - 1 + items.length) % items.length)
        return true
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        pick(active)
        return true
      }
      return false
    },
  }))

  return (
    <div className="z-50 w-72 overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg">
      {items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
          {loading ? 'Searching…' : query ? `Nobody to tag matches “${query}”.` : 'Type a name.'}
        </p>
      ) : (
        <ul role="listbox" aria-label="People to tag" className="max-h-72 overflow-y-auto py-1">
          {items.map((item, index) => (
            <li
              key={item.id}
              role="option"
              aria-selected={index === active}
              id={`mention-option-${item.id}`}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                index === active && 'bg-accent text-accent-foreground'
              )}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => {
                // Keep the editor's focus and selection.
                event.preventDefault()
                pick(index)
              }}
            >
              <Avatar
                initials={item.initials}
                name={item.fullName}
                src={item.avatarUrl}
                size="sm"
                decorative
              />
              <span className="min-w-0 flex-1 truncate font-medium">{item.fullName}</span>
              <span className="text-xs text-muted-foreground">@{item.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
