import type { FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { ArrowLeft, Mail } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { route } from '~/lib/route'

type Props = {
  /** The administrator being edited; null: a new one. */
  admin: Data.Admin.Person | null
  inviteDays: number
}

/**
 * Users/AdminForm: create an administrator — they get an invitation
 * e-mail whose link sets their password — or edit one's details.
 */
export default function AdminFormPage({ admin, inviteDays }: Props) {
  const form = useForm({
    fullName: admin?.fullName ?? '',
    username: admin?.username ?? '',
    email: admin?.email ?? '',
  })
  const title = admin ? `Edit ${admin.fullName}` : 'Add an administrator'

  function submit(event: FormEvent) {
    event.preventDefault()
    if (admin) form.put(route('admin.admins.update', { id: admin.id }))
    else form.post(route('admin.admins.store'))
  }

  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <PageTitle title={title} />
      <Link
        href={route('admin.admins.index')}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Administrators
      </Link>
      <header>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {admin ? (
            <>
              Name, username and e-mail address. Role, password and blocks are on{' '}
              <Link
                href={route('admin.users.edit', { id: admin.id })}
                className="font-medium text-primary hover:underline"
              >
                their account page
              </Link>
              .
            </>
          ) : (
            `They receive an invitation e-mail with a link to choose their password (valid ${inviteDays} days), and can sign in once they have.`
          )}
        </p>
      </header>
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        noValidate
      >
        <Field label="Full name" error={form.errors.fullName}>
          {(field) => (
            <Input
              {...field}
              value={form.data.fullName}
              onChange={(e) => form.setData('fullName', e.target.value)}
              maxLength={100}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field
          label="Username"
          error={form.errors.username}
          hint="3–30 lower-case letters, digits, dots and underscores."
        >
          {(field) => (
            <Input
              {...field}
              value={form.data.username}
              onChange={(e) => form.setData('username', e.target.value)}
              maxLength={30}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field label="E-mail address" error={form.errors.email}>
          {(field) => (
            <Input
              {...field}
              type="email"
              value={form.data.email}
              onChange={(e) => form.setData('email', e.target.value)}
              maxLength={254}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={form.processing}>
            {admin ? (
              'Save'
            ) : (
              <>
                <Mail className="size-4" aria-hidden /> Create and send the invitation
              </>
            )}
          </Button>
        </div>
      </form>
    </div>
  )
}
