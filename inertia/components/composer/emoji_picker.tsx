import { useState } from 'react'
import { Popover } from 'radix-ui'
import { Smile } from 'lucide-react'
import { ToolbarButton } from '~/components/composer/toolbar_button'

/**
 * A small emoji picker: the emoji people use most in team posts, one click
 * to insert. Any other emoji can be typed with the system's emoji keyboard
 * (Win + . / Ctrl + ⌘ + Space / the phone keyboard); the server keeps any
 * Unicode text. Kept light on purpose: no emoji database download.
 */
const EMOJI: { char: string; name: string }[] = [
  { char: '😀', name: 'grinning face' },
  { char: '😂', name: 'tears of joy' },
  { char: '😊', name: 'smiling face' },
  { char: '😍', name: 'heart eyes' },
  { char: '🤔', name: 'thinking face' },
  { char: '😎', name: 'sunglasses' },
  { char: '😅', name: 'sweat smile' },
  { char: '😢', name: 'crying face' },
  { char: '😮', name: 'surprised' },
  { char: '🙌', name: 'raised hands' },
  { char: '👏', name: 'clapping hands' },
  { char: '👍', name: 'thumbs up' },
  { char: '👎', name: 'thumbs down' },
  { char: '🙏', name: 'folded hands' },
  { char: '💪', name: 'flexed biceps' },
  { char: '👋', name: 'waving hand' },
  { char: '❤️', name: 'red heart' },
  { char: '🔥', name: 'fire' },
  { char: '🎉', name: 'party popper' },
  { char: '✨', name: 'sparkles' },
  { char: '🚀', name: 'rocket' },
  { char: '✅', name: 'check mark' },
  { char: '❌', name: 'cross mark' },
  { char: '⚠️', name: 'warning' },
  { char: '💡', name: 'light bulb' },
  { char: '📌', name: 'pushpin' },
  { char: '📅', name: 'calendar' },
  { char: '☕', name: 'coffee' },
  { char: '🍕', name: 'pizza' },
  { char: '🎂', name: 'birthday cake' },
  { char: '👀', name: 'eyes' },
  { char: '💯', name: 'hundred points' },
]

export function EmojiPicker({
  onPick,
  disabled,
}: {
  onPick: (emoji: string) => void
  disabled?: boolean
}) {
  const [open, setOpen] = useState(false)
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <ToolbarButton label="Insert emoji" disabled={disabled} pressed={open}>
          <Smile className="size-4" aria-hidden />
        </ToolbarButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-72 rounded-lg border bg-card p-2 text-card-foreground shadow-lg"
          aria-label="Emoji"
        >
          <div className="grid grid-cols-8 gap-0.5">
            {EMOJI.map((emoji) => (
              <button
                key={emoji.name}
                type="button"
                title={emoji.name}
                aria-label={emoji.name}
                className="grid size-8 place-items-center rounded-md text-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => {
                  onPick(emoji.char)
                  setOpen(false)
                }}
              >
                {emoji.char}
              </button>
            ))}
          </div>
          <p className="mt-2 px-1 text-xs text-muted-foreground">
            More: your system’s emoji keyboard works in the editor.
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
