import { useForm, usePage } from '@inertiajs/react'
import { PasswordStrength, userInputsFrom } from '~/components/auth/password_strength'
import { Button } from '~/components/ui/button'
import { SettingsSection } from '~/components/profile/settings_section'
import { PasswordField } from '~/components/profile/password_field'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Change the password: the current one, then the new one twice. Other
 * devices are signed out; this one stays signed in.
 */
export default function UpdatePasswordForm() {
  const user = usePage<Data.SharedProps>().props.auth.user
  // useForm, not Form: the strength meter follows the new password as typed.
  const form = useForm({ current_password: '', password: '', password_confirmation: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.put(route('profile.password'), {
      errorBag: 'updatePassword',
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: (errors) => {
        if (errors.current_password) form.reset('current_password')
      },
    })
  }

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Use a long password you do not use anywhere else. Changing it signs out your other devices."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          value={form.data.current_password}
          onChange={(v) => form.setData('current_password', v)}
          error={form.errors.current_password}
        />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={form.data.password}
          onChange={(v) => form.setData('password', v)}
          error={form.errors.password}
        />
        <PasswordStrength
          password={form.data.password}
          userInputs={userInputsFrom(user?.fullName, user?.username, user?.email)}
        />
        <PasswordField
          label="Confirm new password"
          name="password_confirmation"
          autoComplete="new-password"
          value={form.data.password_confirmation}
          onChange={(v) => form.setData('password_confirmation', v)}
          error={form.errors.password_confirmation}
        />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={form.processing}>
            {form.processing ? 'Updating…' : 'Update password'}
          </Button>
          <SavedIndicator show={form.recentlySuccessful} />
        </div>
      </form>
    </SettingsSection>
  )
}
