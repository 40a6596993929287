import { useForm } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { Send } from 'lucide-react'
import type { Data } from '~data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { SavedIndicator } from '~/components/profile/saved_indicator'
import { route } from '~/lib/route'
import { RadioCard } from '~/components/admin/radio_card'

type Security = Data.Admin.MailSettings['security']

const SECURITY: { value: Security; label: string; description: string }[] = [
  { value: 'starttls', label: 'STARTTLS', description: 'Usually port 587.' },
  { value: 'tls', label: 'TLS', description: 'Encrypted from the start, usually port 465.' },
  { value: 'none', label: 'None', description: 'Only for a relay on a trusted network.' },
]

/**
 * Settings/AppSetting: the SMTP server every mail goes through. The stored
 * password never comes back: "A password is stored" and an empty field,
 * which keeps it; typing one replaces it.
 */
export function MailSettingsForm({ mail }: { mail: Data.Admin.MailSettings }) {
  // useForm: the "enabled" box shows or hides the server's fields as it is ticked.
  const form = useForm({
    enabled: mail.enabled,
    host: mail.host,
    port: String(mail.port),
    username: mail.username,
    password: '',
    clearPassword: false,
    security: mail.security,
  })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.put(route('admin.settings.mail.update'), {
      preserveScroll: true,
      onSuccess: () => {
        form.setData('password', '')
        form.setData('clearPassword', false)
        form.setDefaults()
      },
    })
  }

  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground" data-testid="mail-status">
        {mail.enabled ? (
          <>
            <Badge variant="success">SMTP</Badge> Mails go through{' '}
            <span className="font-medium break-all text-foreground">
              {mail.host}:{mail.port}
            </span>
            .
          </>
        ) : mail.fallback === 'env-smtp' ? (
          'No SMTP server is set here: mails go through the SMTP server of the .env file.'
        ) : (
          'No SMTP server is set: mails are kept in the development outbox, not sent.'
        )}
      </p>
      <form onSubmit={submit} className="grid gap-5" noValidate aria-label="SMTP server">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="enabled"
            checked={form.data.enabled}
            onChange={(e) => form.setData('enabled', e.target.checked)}
            className="size-4 accent-primary"
          />
          Send mails through this SMTP server
        </label>
        {form.data.enabled && (
          <>
            <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
              <Field label="SMTP server" error={form.errors.host}>
                {(a) => (
                  <Input
                    {...a}
                    name="host"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="smtp.example.com"
                    maxLength={253}
                    value={form.data.host}
                    onChange={(e) => form.setData('host', e.target.value)}
                  />
                )}
              </Field>
              <Field label="Port" error={form.errors.port}>
                {(a) => (
                  <Input
                    {...a}
                    name="port"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={65535}
                    value={form.data.port}
                    onChange={(e) => form.setData('port', e.target.value)}
                  />
                )}
              </Field>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Security</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {SECURITY.map((option) => (
                  <RadioCard
                    key={option.value}
                    name="security"
                    value={option.value}
                    checked={form.data.security === option.value}
                    onSelect={() => form.setData('security', option.value)}
                    label={option.label}
                    description={option.description}
                  />
                ))}
              </div>
              <FieldError message={form.errors.security} />
            </fieldset>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field label="User name" error={form.errors.username} hint="Empty: no sign-in.">
                {(a) => (
                  <Input
                    {...a}
                    name="username"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={254}
                    value={form.data.username}
                    onChange={(e) => form.setData('username', e.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Password"
                error={form.errors.password}
                hint={
                  mail.passwordSet
                    ? 'A password is stored (encrypted). Leave empty to keep it.'
                    : 'Stored encrypted; never shown again.'
                }
              >
                {(a) => (
                  <Input
                    {...a}
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    maxLength={500}
                    placeholder={mail.passwordSet ? '••••••••' : ''}
                    value={form.data.password}
                    onChange={(e) => form.setData('password', e.target.value)}
                  />
                )}
              </Field>
            </div>
            {mail.passwordSet && (
              <label className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="clearPassword"
                  checked={form.data.clearPassword}
                  onChange={(e) => form.setData('clearPassword', e.target.checked)}
                  className="size-4 accent-primary"
                />
                Remove the stored password
              </label>
            )}
          </>
        )}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={form.processing || !form.isDirty}>
            {form.processing ? 'Saving…' : 'Save SMTP settings'}
          </Button>
          <SavedIndicator show={form.recentlySuccessful} />
        </div>
      </form>
      {mail.enabled && <TestMailForm />}
    </div>
  )
}

/** "Send a test mail": the SMTP server's answer comes back as the page's message. */
function TestMailForm() {
  return (
    <Form
      route="admin.settings.mail.test"
      options={{ preserveScroll: true }}
      className="grid gap-3 border-t pt-5"
      noValidate
      aria-label="Test mail"
    >
      {({ errors, processing, isDirty }) => (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <Field label="Send a test mail to" error={errors.to}>
                {(a) => (
                  <Input {...a} name="to" type="email" autoComplete="email" maxLength={254} />
                )}
              </Field>
            </div>
            {/* Dirty: an address is typed (the form holds nothing else). */}
            <Button type="submit" variant="outline" disabled={processing || !isDirty}>
              <Send className="size-4" aria-hidden />
              {processing ? 'Sending…' : 'Send test mail'}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Sent at once through the saved server; its answer is shown at the top of the page.
          </p>
          <FieldError message={(errors as Record<string, string | undefined>).testMail} />
        </>
      )}
    </Form>
  )
}
