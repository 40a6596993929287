import { Form, Link } from '@adonisjs/inertia/react'
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
  const title = admin ? `Edit ${admin.fullName}` : 'Add an administrator'

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
      {admin ? (
        <Form
          route="admin.admins.update"
          routeParams={{ id: admin.id }}
          className={FORM_CLASS}
          noValidate
        >
          {({ errors, processing }) => (
            <AdminFields admin={admin} errors={errors} processing={processing} />
          )}
        </Form>
      ) : (
        <Form route="admin.admins.store" className={FORM_CLASS} noValidate>
          {({ errors, processing }) => (
            <AdminFields admin={admin} errors={errors} processing={processing} />
          )}
        </Form>
      )}
    </div>
  )
}

const FORM_CLASS = 'grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6'

/** The administrator's details, the same for a new one and an edited one. */
function AdminFields({
  admin,
  errors,
  processing,
}: {
  admin: Data.Admin.Person | null
  errors: Partial<Record<'fullName' | 'username' | 'email', string>>
  processing: boolean
}) {
  return (
    <>
      <Field label="Full name" error={errors.fullName}>
        {(field) => (
          <Input
            {...field}
            name="fullName"
            defaultValue={admin?.fullName ?? ''}
            maxLength={100}
            autoComplete="off"
            required
          />
        )}
      </Field>
      <Field
        label="Username"
        error={errors.username}
        hint="3–30 lower-case letters, digits, dots and underscores."
      >
        {(field) => (
          <Input
            {...field}
            name="username"
            defaultValue={admin?.username ?? ''}
            maxLength={30}
            autoComplete="off"
            required
          />
        )}
      </Field>
      <Field label="E-mail address" error={errors.email}>
        {(field) => (
          <Input
            {...field}
            type="email"
            name="email"
            defaultValue={admin?.email ?? ''}
            maxLength={254}
            autoComplete="off"
            required
          />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={processing}>
          {admin ? (
            'Save'
          ) : (
            <>
              <Mail className="size-4" aria-hidden /> Create and send the invitation
            </>
          )}
        </Button>
      </div>
    </>
  )
}
