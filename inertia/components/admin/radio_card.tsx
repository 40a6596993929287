import { cn } from '~/lib/utils'

/**
 * One option of a settings radio group drawn as a card: radio, label,
 * one-line description; the chosen card is outlined.
 */
export function RadioCard({
  name,
  value,
  checked,
  onSelect,
  label,
  description,
}: {
  name: string
  value: string
  checked: boolean
  onSelect: () => void
  label: string
  description: string
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked && 'border-primary bg-accent/60'
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="mt-0.5 size-4 accent-primary"
      />
      <span className="grid gap-0.5">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{description}</span>
      </span>
    </label>
  )
}
