import { useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

export type RegistrationMode = 'open' | 'team_domain' | 'invite_only' | 'closed'

export type TeamSettings = {
  teamName: string
  teamAbbreviation: string
  teamDomains: string[]
  registrationMode: RegistrationMode
}

const MODES: { value: RegistrationMode; label: string; description: string }[] = [
  {
    value: 'open',
    label: 'Open',
    description:
      'Anyone can register. Team addresses become members; other addresses wait for approval as externals.',
  },
  {
    value: 'team_domain',
    label: 'Team e-mail domains only',
    description: 'Only addresses on the team domains below can register.',
  },
  {
    value: 'invite_only',
    label: 'Invitation only',
    description: 'Only people holding an invitation link can register.',
  },
  {
    value: 'closed',
    label: 'Closed',
    description: 'Nobody can register. Administrators create accounts.',
  },
]

/** Team identity, e-mail domains and registration mode (Settings/AppSetting). */
export function SettingsForm({
  settings,
  maxDomains,
}: {
  settings: TeamSettings
  maxDomains: number
}) {
  const form = useForm({
    teamName: settings.teamName,
    teamAbbreviation: settings.teamAbbreviation,
    teamDomains: settings.teamDomains.join('\n'),
    registrationMode: settings.registrationMode,
  })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.put(route('settings.update'), {
      preserveScroll: true,
      onSuccess: () => form.setDefaults(),
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Team name" error={form.errors.teamName}>
          {(a) => (
            <Input
              {...a}
              name="teamName"
              required
              maxLength={80}
              value={form.data.teamName}
              onChange={(e) => form.setData('teamName', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Abbreviation"
          error={form.errors.teamAbbreviation}
          hint="Shown in every page title."
        >
          {(a) => (
            <Input
              {...a}
              name="teamAbbreviation"
              required
              maxLength={12}
              value={form.data.teamAbbreviation}
              onChange={(e) => form.setData('teamAbbreviation', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field
        label="Team e-mail domains"
        error={form.errors.teamDomains}
        hint={`One per line or separated by commas, e.g. example.com. People registering with these addresses become members. At most ${maxDomains}.`}
      >
        {(a) => (
          <Textarea
            {...a}
            name="teamDomains"
            rows={4}
            spellCheck={false}
            autoCapitalize="none"
            placeholder={'example.com\nmail.example.org'}
            className="font-mono"
            value={form.data.teamDomains}
            onChange={(e) => form.setData('teamDomains', e.target.value)}
          />
        )}
      </Field>
      <fieldset
        className="grid gap-2"
        aria-describedby={form.errors.registrationMode ? 'registration-mode-error' : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Registration</legend>
        {MODES.map((mode) => {
          const checked = form.data.registrationMode === mode.value
          return (
            <label
              key={mode.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked && 'border-primary bg-accent/60'
              )}
            >
              <input
                type="radio"
                name="registrationMode"
                value={mode.value}
                checked={checked}
                onChange={() => form.setData('registrationMode', mode.value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{mode.label}</span>
                <span className="text-xs text-muted-foreground">{mode.description}</span>
              </span>
            </label>
          )
        })}
        {form.errors.registrationMode && (
          <p id="registration-mode-error" role="alert" className="text-sm text-destructive">
            {form.errors.registrationMode}
          </p>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={form.processing || !form.isDirty}>
          {form.processing ? 'Saving…' : 'Save settings'}
        </Button>
        <SavedIndicator show={form.recentlySuccessful} />
      </div>
    </form>
  )
}
