/**
 * One option of a settings radio group drawn as a card: radio, label,
 * one-line description; the chosen card is outlined. Controlled (checked,
 * onSelect) in a useForm form, or left to the browser (defaultChecked) in
 * an Inertia Form, which reads the choice from the page.
 */
export function RadioCard({
  name,
  value,
  checked,
  defaultChecked,
  onSelect,
  label,
  description,
}: {
  name: string
  value: string
  label: string
  description: string
} & (
  | { checked: boolean; onSelect: () => void; defaultChecked?: never }
  | { defaultChecked: boolean; checked?: never; onSelect?: never }
)) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:checked]:border-primary has-[:checked]:bg-accent/60">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
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
