import { useState } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'

/** A password input with a show / hide toggle, labelled and wired to its error. */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  autoComplete,
  autoFocus,
}: {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
  autoComplete: 'current-password' | 'new-password'
  autoFocus?: boolean
}) {
  const [visible, setVisible] = useState(false)
  return (
    <Field label={label} error={error} hint={hint}>
      {(a) => (
        <div className="relative">
          <Input
            {...a}
            type={visible ? 'text' : 'password'}
            name={name}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="pr-10"
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 grid w-9 place-items-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden />
            ) : (
              <Eye className="size-4" aria-hidden />
            )}
          </button>
        </div>
      )}
    </Field>
  )
}
