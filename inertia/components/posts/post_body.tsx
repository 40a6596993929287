import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { router } from '@inertiajs/react'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

/**
 * A mention exactly as the sanitiser writes it (the username is rewritten
 * from the database and matches the profile route's own pattern).
 */
const MENTION = /<span class="mention" data-id="(\d{1,10})">@([A-Za-z0-9._]{1,30})<\/span>/g

/** Mentions become links to the person's profile. */
export function linkMentions(html: string) {
  if (!html.includes('class="mention"')) return html
  return html.replace(
    MENTION,
    (_match, id: string, username: string) =>
      `<a class="mention" data-id="${id}" href="${route('profiles.show', { username })}">@${username}</a>`
  )
}

/** A plain click on a mention is an Inertia visit, not a full page load. */
function followMention(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as HTMLElement).closest?.('a.mention')
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
  event.preventDefault()
  router.visit(link.getAttribute('href')!)
}

/**
 * A post's body. The HTML was sanitised on the server with an allow-list
 * (app/services/html_sanitizer.ts); this is THE one place in the app that
 * renders HTML from the server (lint and review look for
 * dangerouslySetInnerHTML elsewhere). `clamp` folds long posts in feeds
 * behind a "Show more" button.
 */
export function PostBody({
  html,
  clamp = false,
  className,
}: {
  html: string
  clamp?: boolean
  className?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)
  const linked = useMemo(() => linkMentions(html), [html])

  useLayoutEffect(() => {
    const el = ref.current
    if (!clamp || !el) return
    setOverflows(el.scrollHeight > el.clientHeight + 2)
  }, [html, clamp])

  if (!html.trim()) return null
  const folded = clamp && !expanded
  return (
    <div className={className}>
      <div
        ref={ref}
        className={cn(
          'text-[0.9375rem] leading-relaxed wrap-anywhere',
          '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
          '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:my-2 [&_ul,&_ol]:pl-6 [&_li]:my-0.5',
          '[&_p]:my-1.5 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_strong]:font-semibold',
          '[&_.mention]:font-medium [&_.mention]:text-primary [&_a.mention]:no-underline [&_a.mention:hover]:underline',
          folded && 'line-clamp-[8]'
        )}
        // The only allowed use: sanitised on the server (see above).
        dangerouslySetInnerHTML={{ __html: linked }}
        onClick={followMention}
      />
      {clamp && (overflows || expanded) && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-primary hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  )
}
