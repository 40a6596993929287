import { usePage } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { ShieldCheck } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { FormAlert } from '~/components/auth/form_alert'
import { AccountHint } from '~/components/auth/account_hint'
import { PasswordInput } from '~/components/auth/password_input'
import type { Data } from '~data'

/**
 * Asked before sensitive actions (delete account, change e-mail, admin role
 * changes); remembered for a few hours.
 */
export default function ConfirmPasswordPage() {
  const { errors, auth } = usePage<Data.SharedProps>().props
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
        <Form
          route="password.confirm.store"
          // The account hint (username) is for password managers only.
          transform={({ password }) => ({ password })}
          resetOnSuccess
          resetOnError
          className="grid gap-4"
          noValidate
        >
          {({ errors: fieldErrors, processing, isDirty }) => (
            <>
              {errors.E_TOO_MANY_REQUESTS && <FormAlert>{errors.E_TOO_MANY_REQUESTS}</FormAlert>}
              <AccountHint email={auth.user?.email} />
              <Field label="Password" error={fieldErrors.password}>
                {(a) => (
                  <PasswordInput {...a} name="password" autoComplete="current-password" autoFocus />
                )}
              </Field>
              <div className="flex flex-wrap gap-3">
                {/* Dirty: a password is typed (the form holds nothing else). */}
                <Button type="submit" disabled={processing || !isDirty}>
                  {processing ? 'Checking…' : 'Confirm'}
                </Button>
                <Button type="button" variant="ghost" onClick={() => window.history.back()}>
                  Cancel
                </Button>
              </div>
            </>
          )}
        </Form>
      </CardContent>
    </Card>
  )
}
