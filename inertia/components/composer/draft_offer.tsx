import { Button } from '~/components/ui/button'
import type { Draft } from '~/components/composer/drafts'

/** "You have an unsent draft from …": restore it into the editor, or discard it. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft
  onRestore: () => void
  onDiscard: () => void
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
      data-testid="draft-offer"
    >
      <span className="min-w-0 flex-1">
        You have an unsent draft from{' '}
        {new Date(draft.savedAt).toLocaleString(undefined, {
          dateStyle: 'medium',
          timeStyle: 'short',
        })}
        .
      </span>
      <Button type="button" size="sm" onClick={onRestore}>
        Restore draft
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
        Discard
      </Button>
    </div>
  )
}
