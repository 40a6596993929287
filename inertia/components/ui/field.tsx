import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/input'

/**
 * A labelled form field with its error message, wired for screen readers
 * (aria-invalid + aria-describedby). Every form renders errors through it.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string
  error?: string
  hint?: ReactNode
  children: (props: {
    'id': string
    'aria-invalid'?: boolean
    'aria-describedby'?: string
  }) => ReactNode
}) {
  const id = useId()
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  )
}

/**
 * A labelled textarea whose hint counts what is typed ("12 / 500
 * characters", written by `hint` from the current text). The text is the
 * browser's (uncontrolled: an Inertia Form reads it from the page when it
 * submits); the field follows it for the count, as it is typed and when
 * its form is reset.
 */
export function CountedTextareaField({
  label,
  error,
  hint,
  defaultValue = '',
  ...props
}: Omit<ComponentProps<'textarea'>, 'value' | 'defaultValue' | 'onChange'> & {
  label: string
  error?: string
  hint: (text: string) => ReactNode
  defaultValue?: string
}) {
  const [text, setText] = useState(defaultValue)
  const textarea = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    const form = textarea.current?.form
    if (!form) return
    // After the reset has put the default text back (Inertia's Form sends
    // its own "reset" event once it has).
    const follow = () => setTimeout(() => setText(textarea.current?.value ?? ''))
    form.addEventListener('reset', follow)
    return () => form.removeEventListener('reset', follow)
  }, [])
  return (
    <Field label={label} error={error} hint={hint(text)}>
      {(a) => (
        <Textarea
          {...a}
          {...props}
          ref={textarea}
          defaultValue={defaultValue}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </Field>
  )
}
