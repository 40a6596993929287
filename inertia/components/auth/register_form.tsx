import { useState } from 'react'
import { useForm, usePage } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { FormAlert } from '~/components/auth/form_alert'
import { userInputsFrom } from '~/components/auth/password_strength'
import { NewPasswordFields } from '~/components/auth/new_password_fields'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** A username suggestion from the full name: "Ada Lovelace" → "ada.lovelace". */
function suggestUsername(fullName: string) {
  return fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '.')
    .replace(/[^a-z0-9._]/g, '')
    .slice(0, 30)
}

export function RegisterForm({
  emailHint,
  invitation,
}: {
  emailHint?: string
  invitation: { token: string; email: string } | null
}) {
  const { errors } = usePage<Data.SharedProps>().props
  const [usernameEdited, setUsernameEdited] = useState(false)
  // useForm, not Form: the username follows the full name, the meter the password, as typed.
  const form = useForm({
    fullName: '',
    username: '',
    email: invitation?.email ?? '',
    password: '',
    password_confirmation: '',
    invite: invitation?.token ?? '',
  })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('register.store'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }

  const formError = errors.E_TOO_MANY_REQUESTS ?? errors.invite

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {formError && <FormAlert>{formError}</FormAlert>}
      <Field label="Full name" error={form.errors.fullName}>
        {(a) => (
          <Input
            {...a}
            name="fullName"
            autoComplete="name"
            autoFocus
            maxLength={100}
            value={form.data.fullName}
            onChange={(e) => {
              const fullName = e.target.value
              form.setData((d) => ({
                ...d,
                fullName,
                username: usernameEdited ? d.username : suggestUsername(fullName),
              }))
            }}
          />
        )}
      </Field>
      <Field
        label="Username"
        error={form.errors.username}
        hint="3–30 characters: lower-case letters, digits, dots and underscores."
      >
        {(a) => (
          <div className="flex items-center rounded-md focus-within:outline-2 focus-within:outline-ring">
            <span
              className="grid h-9 place-items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground"
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
              maxLength={30}
              className="rounded-l-none focus-visible:outline-none"
              value={form.data.username}
              onChange={(e) => {
                setUsernameEdited(true)
                form.setData('username', e.target.value.toLowerCase())
              }}
            />
          </div>
        )}
      </Field>
      <Field
        label="E-mail address"
        error={form.errors.email}
        hint={invitation ? 'The address your invitation was sent to.' : emailHint}
      >
        {(a) => (
          <Input
            {...a}
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            readOnly={Boolean(invitation)}
            className={invitation ? 'bg-muted' : undefined}
            value={form.data.email}
            onChange={(e) => form.setData('email', e.target.value)}
          />
        )}
      </Field>
      <NewPasswordFields
        password={form.data.password}
        confirmation={form.data.password_confirmation}
        errors={form.errors}
        onChange={(field, value) => form.setData(field, value)}
        userInputs={userInputsFrom(form.data.fullName, form.data.username, form.data.email)}
        label="Password"
        confirmLabel="Confirm password"
      />
      <Button type="submit" disabled={form.processing}>
        {form.processing ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  )
}
