import { useEffect, useState } from 'react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Placeholder from '@tiptap/extension-placeholder'
import { Bold, Italic, List, ListOrdered } from 'lucide-react'
import { EmojiPicker } from '~/components/composer/emoji_picker'
import { LinkButton } from '~/components/composer/link_button'
import { PostMention } from '~/components/composer/mention_extension'
import { ToolbarButton } from '~/components/composer/toolbar_button'
import { cn } from '~/lib/utils'

/**
 * The post editor (TipTap): bold, italic, links, bullet and numbered lists,
 * emoji, and @mentions with autocomplete. Only what the server keeps is
 * offered (headings, quotes, code and the like would be stripped by its
 * allow-list). The HTML goes to `onChange`; the server sanitises it.
 *
 * This module is the heavy part of the composer: pages load it lazily
 * (components/composer/lazy_editor.tsx), so the feed bundle never has it.
 */
export default function RichEditor({
  id,
  value,
  onChange,
  onTextLength,
  placeholder,
  invalid,
  describedBy,
  disabled,
  label,
}: {
  id: string
  value: string
  onChange: (html: string) => void
  onTextLength?: (length: number) => void
  placeholder: string
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
  /** Accessible name of the editing area (its visible label's text). */
  label: string
}) {
  const [linkOpen, setLinkOpen] = useState(false)
  const editor = useEditor({
    immediatelyRender: true,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url),
          HTMLAttributes: { rel: 'nofollow noopener noreferrer', target: '_blank' },
        },
      }),
      Placeholder.configure({ placeholder }),
      PostMention,
    ],
    content: value,
    editorProps: {
      attributes: {
        'id': id,
        'role': 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'class':
          'min-h-32 max-h-[60vh] overflow-y-auto px-3 py-2 text-[0.9375rem] leading-relaxed outline-none',
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault()
          setLinkOpen(true)
          return true
        }
        return false
      },
    },
    // The counter starts from the content it opens with (a restored draft,
    // a post being edited), not from 0 until the next keystroke.
    onCreate: ({ editor: current }) => {
      onTextLength?.(current.getText().length)
    },
    onUpdate: ({ editor: current }) => {
      onChange(current.isEmpty ? '' : current.getHTML())
      onTextLength?.(current.getText().length)
    },
  })

  useEffect(() => {
    editor.setEditable(!disabled)
  }, [editor, disabled])

  return (
    <div
      className={cn(
        'rounded-md border bg-card shadow-xs focus-within:outline-2 focus-within:outline-ring',
        invalid ? 'border-destructive' : 'border-input',
        disabled && 'opacity-60'
      )}
    >
      <Toolbar editor={editor} disabled={disabled} linkOpen={linkOpen} setLinkOpen={setLinkOpen} />
      <EditorContent
        editor={editor}
        className={cn(
          'wrap-anywhere',
          '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
          '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:my-2 [&_ul,&_ol]:pl-6 [&_li]:my-0.5',
          '[&_p]:my-1.5 [&_strong]:font-semibold',
          '[&_.mention]:rounded [&_.mention]:bg-accent [&_.mention]:px-0.5 [&_.mention]:font-medium [&_.mention]:text-accent-foreground',
          '[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-muted-foreground [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
          '[&_.suggestion]:rounded [&_.suggestion]:bg-muted'
        )}
      />
    </div>
  )
}

function Toolbar({
  editor,
  disabled,
  linkOpen,
  setLinkOpen,
}: {
  editor: Editor
  disabled?: boolean
  linkOpen: boolean
  setLinkOpen: (open: boolean) => void
}) {
  // Re-render the toolbar when the selection's formatting changes.
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  })
  const chain = () => editor.chain().focus()
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b px-1.5 py-1"
    >
      <ToolbarButton
        label="Bold"
        shortcut="Ctrl+B"
        pressed={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold className="size-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label="Italic"
        shortcut="Ctrl+I"
        pressed={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic className="size-4" aria-hidden />
      </ToolbarButton>
      <LinkButton editor={editor} disabled={disabled} open={linkOpen} setOpen={setLinkOpen} />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <ToolbarButton
        label="Bulleted list"
        pressed={state.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List className="size-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label="Numbered list"
        pressed={state.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered className="size-4" aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <EmojiPicker disabled={disabled} onPick={(emoji) => chain().insertContent(emoji).run()} />
      <span className="ml-auto hidden pr-1 text-xs text-muted-foreground sm:inline">
        Type @ to tag someone
      </span>
    </div>
  )
}
