import type { ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { ArrowLeft, KeyRound, LogOut, ShieldAlert, ShieldCheck, UserCog } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { RoleBadge, StateBadge, shortDate } from '~/components/admin/people/badges'
import { route } from '~/lib/route'

type Props = {
  person: Data.Admin.Person.Variants['forDetail']
  editCan: { changeRole: boolean; block: boolean; resetPassword: boolean; signOut: boolean }
  self: boolean
  passwordConfirmed: boolean
  temporaryPassword: string | null
  sessions: number | null
}

function Panel({
  title,
  icon: Icon,
  description,
  children,
}: {
  title: string
  icon: typeof KeyRound
  description: ReactNode
  children: ReactNode
}) {
  return (
    <section
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      aria-label={title}
    >
      <div>
        <h2 className="flex items-center gap-2 font-semibold">
          <Icon className="size-4" aria-hidden /> {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  )
}

function Refused({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground italic">{children}</p>
}

/**
 * Profile/UserEdit: an administrator edits one account — name, username,
 * e-mail, role; resets its password (a temporary one, changed at the next
 * sign-in); blocks it with a reason and an optional end date; signs out
 * all its sessions. Role changes, blocks and resets ask for the
 * administrator's password first when it was not typed recently.
 */
export default function UserEditPage(props: Props) {
  const { person, editCan, self, passwordConfirmed, temporaryPassword, sessions } = props
  const confirmNote = passwordConfirmed ? null : ' You will be asked for your own password first.'

  const post = (
    name: 'admin.users.password_reset' | 'admin.users.unblock' | 'admin.users.sign_out',
    question: string
  ) => {
    if (!window.confirm(question)) return
    router.post(route(name, { id: person.id }), {}, { preserveScroll: true })
  }

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageTitle title={`Edit ${person.fullName}`} />
      <Link
        route="admin.users.show"
        routeParams={{ id: person.id }}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {person.fullName}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Edit {person.fullName}</h1>
        <div className="mt-2 flex flex-wrap gap-2">
          <RoleBadge role={person.role} />
          <StateBadge state={person.state} />
        </div>
      </header>

      {temporaryPassword && (
        <Alert data-testid="temporary-password">
          <KeyRound className="size-4" aria-hidden />
          <AlertTitle>Temporary password</AlertTitle>
          <AlertDescription>
            <p>
              Give this password to {person.fullName} by a channel you trust. It is shown only once;
              they must choose a new password when they sign in with it.
            </p>
            <p className="mt-2 font-mono text-base select-all">{temporaryPassword}</p>
          </AlertDescription>
        </Alert>
      )}

      <Panel
        title="Account details"
        icon={UserCog}
        description="Name, username and e-mail address. The e-mail address is where sign-in and password mails go."
      >
        <Form
          route="admin.users.update"
          routeParams={{ id: person.id }}
          options={{ preserveScroll: true }}
          className="grid gap-4"
          noValidate
        >
          {(details) => (
            <>
              <Field label="Full name" error={details.errors.fullName}>
                {(field) => (
                  <Input
                    {...field}
                    name="fullName"
                    defaultValue={person.fullName}
                    maxLength={100}
                    required
                  />
                )}
              </Field>
              <Field label="Username" error={details.errors.username}>
                {(field) => (
                  <Input
                    {...field}
                    name="username"
                    defaultValue={person.username}
                    maxLength={30}
                    required
                  />
                )}
              </Field>
              <Field label="E-mail address" error={details.errors.email}>
                {(field) => (
                  <Input
                    {...field}
                    type="email"
                    name="email"
                    defaultValue={person.email}
                    maxLength={254}
                    required
                  />
                )}
              </Field>
              <div>
                <Button type="submit" disabled={details.processing || !details.isDirty}>
                  Save details
                </Button>
              </div>
            </>
          )}
        </Form>
      </Panel>

      <Panel
        title="Role"
        icon={ShieldCheck}
        description={
          <>
            Members see the team; externals see the public feed only; admins run the back office. A
            change signs them out everywhere at once.{confirmNote}
          </>
        }
      >
        {editCan.changeRole ? (
          <Form
            route="admin.users.role"
            routeParams={{ id: person.id }}
            options={{ preserveScroll: true }}
            // The role shown is the one saved: nothing to change until another is picked.
            setDefaultsOnSuccess
            className="flex flex-wrap items-end gap-3"
          >
            {(role) => (
              <>
                <div className="grid gap-2">
                  <label htmlFor="role" className="text-sm font-medium">
                    Role
                  </label>
                  <select
                    id="role"
                    name="role"
                    defaultValue={person.role}
                    className="h-9 rounded-md border border-input bg-card px-2 text-sm"
                  >
                    <option value="member">Member</option>
                    <option value="external">External</option>
                    <option value="admin">Admin</option>
                  </select>
                </div>
                <Button type="submit" disabled={role.processing || !role.isDirty}>
                  Change role
                </Button>
                {role.errors.role && (
                  <p className="w-full text-sm text-destructive">{role.errors.role}</p>
                )}
              </>
            )}
          </Form>
        ) : (
          <Refused>
            {self
              ? 'You cannot change your own role.'
              : `${person.fullName} is the last active administrator: make someone else an administrator first.`}
          </Refused>
        )}
      </Panel>

      <Panel
        title="Password"
        icon={KeyRound}
        description={
          <>
            Sets a temporary password, shown to you once, and signs them out everywhere; they must
            choose a new one at their next sign-in.{confirmNote}
          </>
        }
      >
        {editCan.resetPassword ? (
          <div>
            <Button
              variant="outline"
              onClick={() =>
                post(
                  'admin.users.password_reset',
                  `Reset ${person.fullName}'s password and sign them out everywhere?`
                )
              }
            >
              Reset password
            </Button>
          </div>
        ) : (
          <Refused>Change your own password on your profile page.</Refused>
        )}
      </Panel>

      <Panel
        title={person.block ? 'Blocked' : 'Block'}
        icon={ShieldAlert}
        description={
          person.block ? (
            <>
              Blocked since {shortDate(person.block.since)}
              {person.block.until
                ? `, until ${shortDate(person.block.until)}`
                : ', until an administrator unblocks them'}
              . They see the reason when they try to sign in.
            </>
          ) : (
            <>
              A blocked account cannot sign in; its open pages and live connections end at once. The
              reason is shown to them at sign-in. Without an end date, the block lasts until you
              lift it.{confirmNote}
            </>
          )
        }
      >
        {!editCan.block ? (
          <Refused>
            {self
              ? 'You cannot block yourself.'
              : `${person.fullName} is the last active administrator and cannot be blocked.`}
          </Refused>
        ) : person.block ? (
          <div className="grid gap-3">
            {person.block.reason && (
              <p className="text-sm [overflow-wrap:anywhere]">Reason: {person.block.reason}</p>
            )}
            <div>
              <Button
                variant="outline"
                onClick={() => post('admin.users.unblock', `Unblock ${person.fullName}?`)}
              >
                Unblock
              </Button>
            </div>
          </div>
        ) : (
          <Form
            route="admin.users.block"
            routeParams={{ id: person.id }}
            // No end date: sent as null.
            transform={(data) => ({ reason: data.reason, until: data.until || null })}
            options={{ preserveScroll: true }}
            resetOnSuccess
            className="grid gap-4"
            noValidate
          >
            {(block) => (
              <>
                <Field
                  label="Reason (shown to them)"
                  error={block.errors.reason}
                  hint="3 to 500 characters."
                >
                  {(field) => (
                    <Textarea {...field} name="reason" maxLength={500} rows={3} required />
                  )}
                </Field>
                <Field
                  label="Until (optional)"
                  error={block.errors.until}
                  hint="The block is lifted at the end of this day (UTC)."
                >
                  {(field) => <Input {...field} type="date" name="until" className="w-fit" />}
                </Field>
                <div>
                  <Button type="submit" variant="destructive" disabled={block.processing}>
                    Block this account
                  </Button>
                </div>
              </>
            )}
          </Form>
        )}
      </Panel>

      <Panel
        title="Sessions"
        icon={LogOut}
        description={
          sessions === null
            ? 'Signs them out of every browser and live connection.'
            : `${sessions === 1 ? 'One browser is' : `${sessions} browsers are`} signed in. Signs them out of every browser and live connection.`
        }
      >
        {editCan.signOut ? (
          <div>
            <Button
              variant="outline"
              onClick={() =>
                post('admin.users.sign_out', `Sign ${person.fullName} out of every device?`)
              }
            >
              Sign out everywhere
            </Button>
          </div>
        ) : (
          <Refused>Sign out your own devices on your profile page.</Refused>
        )}
      </Panel>
    </div>
  )
}
