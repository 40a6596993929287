import { useForm, usePage } from '@inertiajs/react'
import { ShieldCheck } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { FormAlert } from '~/components/auth/form_alert'
import { PasswordInput } from '~/components/auth/password_input'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Asked before sensitive actions (delete account, change e-mail, admin role
 * changes); remembered for a few hours.
 */
export default function ConfirmPasswordPage() {
  const { errors, auth } = usePage<Data.SharedProps>().props
  const form = useForm({ password: '' })

  function submit(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('password.confirm.store'), { onFinish: () => form.reset('password') })
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <PageTitle title="Confirm your password" />
      <CardHeader>
        <span
          className="mb-2 grid size-10 place-items-center rounded-full bg-accent text-accent-foreground"
          aria-hidden
        >
          <ShieldCheck className="size-5" />
        </span>
        <CardTitle>
          <h1>Confirm your password</h1>
        </CardTitle>
        <CardDescription>
          This is a sensitive action. Enter your password to continue; we won’t ask again for a few
          hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
          {/* Lets password managers match the account. */}
          <input
            type="hidden"
            name="username"
            autoComplete="username"
            value={auth.user?.email ?? ''}
            readOnly
          />
          <Field label="Password" error={form.errors.password}>
            {(a) => (
              <PasswordInput
                {...a}
                name="password"
                autoComplete="current-password"
                autoFocus
                value={form.data.password}
                onChange={(e) => form.setData('password', e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={form.processing || !form.data.password}>
              {form.processing ? 'Checking…' : 'Confirm'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => window.history.back()}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
