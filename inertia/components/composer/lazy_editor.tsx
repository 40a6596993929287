import { lazy, Suspense, type ComponentProps } from 'react'

const RichEditor = lazy(() => import('~/components/composer/rich_editor'))

/**
 * The rich-text editor, loaded in its own chunk the first time a composer
 * shows (TipTap and ProseMirror are most of its weight). Until then a box
 * of the same size, so the page does not jump.
 */
export function LazyEditor(props: ComponentProps<typeof RichEditor>) {
  return (
    <Suspense
      fallback={
        <div
          className="grid min-h-[10.5rem] place-items-center rounded-md border border-input bg-card text-sm text-muted-foreground"
          role="status"
        >
          Loading the editor…
        </div>
      }
    >
      <RichEditor {...props} />
    </Suspense>
  )
}
