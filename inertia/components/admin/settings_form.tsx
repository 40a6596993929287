import { Form } from '@adonisjs/inertia/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { RadioCard } from '~/components/admin/radio_card'

export type RegistrationMode = 'open' | 'team_domain' | 'invite_only' | 'closed'

export type TeamSettings = {
  teamName: string
  teamAbbreviation: string
  teamDomains: string[]
  registrationMode: RegistrationMode
  moderationPolicy: ModerationPolicy
  announcementsUnmutable: boolean
  weeklyDigest: boolean
}

export type ModerationPolicy = 'public' | 'all' | 'none'

const POLICIES: { value: ModerationPolicy; label: string; description: string }[] = [
  {
    value: 'public',
    label: 'Public posts need approval',
    description:
      'Public posts by members and every post by externals wait for an admin. Team posts by members go out at once.',
  },
  {
    value: 'all',
    label: 'Every post needs approval',
    description: 'Every post by a member or an external waits for an admin.',
  },
  {
    value: 'none',
    label: 'No approval',
    description: 'Every post goes out at once; admins can still unpublish or delete it afterwards.',
  },
]

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

/** A checkbox with its label and description, for an on/off team setting. */
function CheckboxRow({
  name,
  defaultChecked,
  label,
  description,
  error,
}: {
  name: string
  defaultChecked: boolean
  label: string
  description: string
  error?: string
}) {
  const id = `setting-${name}`
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="true"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-description`}
        aria-invalid={error ? true : undefined}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

/** A setting chosen among cards (one radio each), with its error under them. */
function RadioCards({
  legend,
  name,
  options,
  defaultValue,
  error,
}: {
  legend: string
  name: string
  options: { value: string; label: string; description: string }[]
  defaultValue: string
  error?: string
}) {
  // registrationMode → registration-mode-error
  const errorId = `${name.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-error`
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <RadioCard
          key={option.value}
          name={name}
          value={option.value}
          defaultChecked={defaultValue === option.value}
          label={option.label}
          description={option.description}
        />
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Team identity, e-mail domains, registration, moderation and notification settings (Settings/AppSetting). */
export function SettingsForm({
  settings,
  maxDomains,
}: {
  settings: TeamSettings
  maxDomains: number
}) {
  return (
    <Form
      route="settings.update"
      options={{ preserveScroll: true }}
      // An unticked box is not in the page's form data: sent as false, as
      // an absent setting is left unchanged.
      transform={(data) => ({
        ...data,
        announcementsUnmutable: Boolean(data.announcementsUnmutable),
        weeklyDigest: Boolean(data.weeklyDigest),
      })}
      setDefaultsOnSuccess
      className="grid gap-5"
      noValidate
    >
      {(form) => (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field label="Team name" error={form.errors.teamName}>
              {(a) => (
                <Input
                  {...a}
                  name="teamName"
                  required
                  maxLength={80}
                  defaultValue={settings.teamName}
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
                  defaultValue={settings.teamAbbreviation}
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
                defaultValue={settings.teamDomains.join('\n')}
              />
            )}
          </Field>
          <RadioCards
            legend="Registration"
            name="registrationMode"
            options={MODES}
            defaultValue={settings.registrationMode}
            error={form.errors.registrationMode}
          />
          <RadioCards
            legend="Moderation policy"
            name="moderationPolicy"
            options={POLICIES}
            defaultValue={settings.moderationPolicy}
            error={form.errors.moderationPolicy}
          />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Notifications</legend>
            <CheckboxRow
              name="announcementsUnmutable"
              defaultChecked={settings.announcementsUnmutable}
              label="Announcements cannot be muted"
              description="Everyone sees administrators' announcements in the app: nobody can turn them off or mute them. Push and e-mail stay each person's choice."
              error={form.errors.announcementsUnmutable}
            />
            <CheckboxRow
              name="weeklyDigest"
              defaultChecked={settings.weeklyDigest}
              label="Weekly team digest by e-mail"
              description="Every Monday, the past week's most liked and commented posts each person may see. Each person can turn it off in their notification settings."
              error={form.errors.weeklyDigest}
            />
          </fieldset>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={form.processing || !form.isDirty}>
              {form.processing ? 'Saving…' : 'Save settings'}
            </Button>
            <SavedIndicator show={form.recentlySuccessful} />
          </div>
        </>
      )}
    </Form>
  )
}
