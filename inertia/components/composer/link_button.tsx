import { useId, useState, type FormEvent } from 'react'
import { Popover } from 'radix-ui'
import type { Editor } from '@tiptap/react'
import { Link2 } from 'lucide-react'
import { ToolbarButton } from '~/components/composer/toolbar_button'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'

/** What the server keeps as a link (anything else loses its link there). */
const SAFE = /^(https?:\/\/|mailto:)/i

/** "example.com/x" → "https://example.com/x"; "a@b.c" → "mailto:a@b.c"; other schemes → null. */
export function normaliseHref(value: string) {
  const text = value.trim()
  if (!text) return ''
  if (SAFE.test(text)) return text
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null
  return `https://${text}`
}

/**
 * Add, change or remove a link on the selection (Ctrl/⌘+K opens it too:
 * the editor controls `open`). With no selection the address itself
 * becomes the link text.
 */
export function LinkButton({
  editor,
  disabled,
  open,
  setOpen,
}: {
  editor: Editor
  disabled?: boolean
  open: boolean
  setOpen: (open: boolean) => void
}) {
  const active = editor.isActive('link')
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <ToolbarButton label="Link" shortcut="Ctrl+K" pressed={active} disabled={disabled}>
          <Link2 className="size-4" aria-hidden />
        </ToolbarButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-80 rounded-lg border bg-card p-3 text-card-foreground shadow-lg"
        >
          {/* Mounted on each opening, so it starts from the current link. */}
          <LinkForm editor={editor} active={active} close={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

function LinkForm({
  editor,
  active,
  close,
}: {
  editor: Editor
  active: boolean
  close: () => void
}) {
  const id = useId()
  const [value, setValue] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? ''
  )
  const [error, setError] = useState<string | null>(null)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const href = normaliseHref(value)
    if (href === null) {
      setError('Links must start with http://, https:// or mailto:.')
      return
    }
    const chain = editor.chain().focus().extendMarkRange('link')
    if (!href) chain.unsetLink().run()
    else if (editor.state.selection.empty && !active) {
      chain
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run()
    } else chain.setLink({ href }).run()
    close()
  }

  return (
    <form onSubmit={apply} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Link address
      </label>
      <Input
        id={id}
        value={value}
        autoFocus
        inputMode="url"
        placeholder="https://example.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {active && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              close()
            }}
          >
            Remove link
          </Button>
        )}
        <Button type="submit" size="sm">
          {active ? 'Update' : 'Add link'}
        </Button>
      </div>
    </form>
  )
}
