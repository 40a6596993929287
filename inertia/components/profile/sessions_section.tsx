import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import { LogOut, MonitorSmartphone } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { SettingsSection } from '~/components/profile/settings_section'
import { PasswordField } from '~/components/profile/password_field'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { route } from '~/lib/route'

/**
 * "Sessions": how many other browsers are signed in, and signing them all
 * out (the current one stays), after typing the password.
 */
export function SessionsSection({ otherSessions }: { otherSessions: number | null }) {
  const [open, setOpen] = useState(false)
  // useForm, not Form: "Done." (recentlySuccessful) shows once the form has closed.
  const form = useForm({ current_password: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('profile.sessions.destroy_others'), {
      errorBag: 'signOutOthers',
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setOpen(false)
      },
      onFinish: () => form.reset('current_password'),
    })
  }

  return (
    <SettingsSection
      id="sessions"
      title="Sessions"
      description="If you signed in on a computer you no longer use, or think someone else has access to your account, sign out everywhere else."
    >
      <div className="grid gap-4">
        <p className="flex items-center gap-3 text-sm" data-testid="other-sessions">
          <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden />
          {otherSessions === null
            ? 'You are signed in on this device.'
            : otherSessions === 0
              ? 'You are signed in on this device only.'
              : `You are signed in on this device and ${otherSessions === 1 ? 'one other' : `${otherSessions} others`}.`}
        </p>
        {!open ? (
          <div className="flex items-center gap-3">
            <Button type="button" variant="outline" onClick={() => setOpen(true)}>
              <LogOut className="size-4" aria-hidden />
              Sign out other devices
            </Button>
            <SavedIndicator show={form.recentlySuccessful} label="Done." />
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <PasswordField
              label="Current password"
              name="current_password"
              autoComplete="current-password"
              autoFocus
              value={form.data.current_password}
              onChange={(v) => form.setData('current_password', v)}
              error={form.errors.current_password}
              hint="Confirm it is you. This device stays signed in."
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={form.processing}>
                {form.processing ? 'Signing out…' : 'Sign out other devices'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setOpen(false)
                  form.resetAndClearErrors()
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </SettingsSection>
  )
}
