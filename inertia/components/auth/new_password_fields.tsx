import { Field } from '~/components/ui/field'
import { PasswordInput } from '~/components/auth/password_input'
import { PasswordStrength } from '~/components/auth/password_strength'

/**
 * The new password, its strength meter and its confirmation: the block every
 * form that sets a password shares (register, reset, forced change).
 */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  onChange,
  userInputs,
  label = 'New password',
  confirmLabel = 'Confirm new password',
  autoFocus,
}: {
  password: string
  confirmation: string
  errors: { password?: string; password_confirmation?: string }
  onChange: (field: 'password' | 'password_confirmation', value: string) => void
  userInputs: string[]
  label?: string
  confirmLabel?: string
  autoFocus?: boolean
}) {
  return (
    <>
      <Field label={label} error={errors.password}>
        {(a) => (
          <PasswordInput
            {...a}
            name="password"
            autoComplete="new-password"
            autoFocus={autoFocus}
            maxLength={128}
            value={password}
            onChange={(e) => onChange('password', e.target.value)}
          />
        )}
      </Field>
      <PasswordStrength password={password} userInputs={userInputs} />
      <Field label={confirmLabel} error={errors.password_confirmation}>
        {(a) => (
          <PasswordInput
            {...a}
            name="password_confirmation"
            autoComplete="new-password"
            maxLength={128}
            value={confirmation}
            onChange={(e) => onChange('password_confirmation', e.target.value)}
          />
        )}
      </Field>
    </>
  )
}
