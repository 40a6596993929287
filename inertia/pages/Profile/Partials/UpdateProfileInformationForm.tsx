import { useForm } from '@inertiajs/react'
import { Info } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { SettingsSection } from '~/components/profile/settings_section'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { route } from '~/lib/route'
import type { Data } from '~data'

const BIO_MAX = 500

/**
 * Name, username, e-mail and bio. A new e-mail address needs the password
 * confirmed first (the server redirects to the confirmation page) and must
 * be verified again.
 */
export default function UpdateProfileInformationForm({
  user,
  emailChangeNeedsPassword,
}: {
  user: NonNullable<Data.SharedProps['auth']['user']>
  emailChangeNeedsPassword: boolean
}) {
  // useForm, not Form: the e-mail change note and the bio's count follow the fields as typed.
  const form = useForm({
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    bio: user.bio ?? '',
  })
  const emailChanged = form.data.email.trim().toLowerCase() !== user.email

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.put(route('profile.update'), {
      preserveScroll: true,
      onSuccess: () => form.setDefaults(),
    })
  }

  return (
    <SettingsSection
      id="profile-information"
      title="Profile information"
      description="Your name, username and bio are visible to the team. Your e-mail address is private: it is used for signing in and notifications."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Full name" error={form.errors.fullName}>
          {(a) => (
            <Input
              {...a}
              name="fullName"
              autoComplete="name"
              required
              maxLength={100}
              value={form.data.fullName}
              onChange={(e) => form.setData('fullName', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Username"
          error={form.errors.username}
          hint="3 to 30 characters: lower-case letters, digits, dots and underscores."
        >
          {(a) => (
            <div className="flex items-center rounded-md focus-within:outline-2 focus-within:outline-ring">
              <span
                className="rounded-l-md border border-r-0 border-input bg-muted px-3 py-[7px] text-sm text-muted-foreground"
                aria-hidden
              >
                @
              </span>
              <Input
                {...a}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={30}
                className="rounded-l-none focus-visible:outline-none"
                value={form.data.username}
                onChange={(e) => form.setData('username', e.target.value.toLowerCase())}
              />
            </div>
          )}
        </Field>
        <Field label="E-mail address" error={form.errors.email}>
          {(a) => (
            <Input
              {...a}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              value={form.data.email}
              onChange={(e) => form.setData('email', e.target.value)}
            />
          )}
        </Field>
        {emailChanged && (
          <p
            className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm"
            role="note"
            data-testid="email-change-note"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              {emailChangeNeedsPassword && 'You will be asked for your password first. '}
              After the change you are signed out until you follow the verification link we send to
              the new address; your current address gets a notice.
            </span>
          </p>
        )}
        <Field
          label="Bio"
          error={form.errors.bio}
          hint={`${form.data.bio.length} / ${BIO_MAX} characters`}
        >
          {(a) => (
            <Textarea
              {...a}
              name="bio"
              rows={4}
              maxLength={BIO_MAX}
              placeholder="A few words about you"
              value={form.data.bio}
              onChange={(e) => form.setData('bio', e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={form.processing || !form.isDirty}>
            {form.processing ? 'Saving…' : 'Save'}
          </Button>
          <SavedIndicator show={form.recentlySuccessful} />
        </div>
      </form>
    </SettingsSection>
  )
}
