import { usePage } from '@inertiajs/react'
import { PageTitle } from '~/components/shell/page_title'
import { SessionsSection } from '~/components/profile/sessions_section'
import { ApiTokensSection } from '~/components/profile/api_tokens_section'
import { PushSection, type PushSettings } from '~/components/profile/push_section'
import { NotificationSettingsLink } from '~/components/profile/notification_settings_link'
import UpdateProfileInformationForm from '~/pages/Profile/Partials/UpdateProfileInformationForm'
import UpdatePasswordForm from '~/pages/Profile/Partials/UpdatePasswordForm'
import DeleteUserForm, { type DeletionInfo } from '~/pages/Profile/Partials/DeleteUserForm'
import { BlockedPeopleSection } from '~/components/people/blocked_people_section'
import type { Data } from '~data'

/**
 * Profile settings (PRODUCT §2): profile information, password, sessions
 * and account deletion, each its own form.
 */
export default function ProfileEditPage({
  emailChangeNeedsPassword,
  otherSessions,
  deletion,
  blockedPeople = [],
  push,
}: {
  emailChangeNeedsPassword: boolean
  otherSessions: number | null
  deletion: DeletionInfo
  blockedPeople?: Data.Person[]
  push: PushSettings
}) {
  const user = usePage<Data.SharedProps>().props.auth.user!
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageTitle title="Profile settings" />
      <header>
        <h1 className="text-2xl font-semibold">Profile settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Manage how the team sees you and how you sign in.
        </p>
      </header>
      <UpdateProfileInformationForm
        user={user}
        emailChangeNeedsPassword={emailChangeNeedsPassword}
      />
      <UpdatePasswordForm />
      <SessionsSection otherSessions={otherSessions} />
      <ApiTokensSection />
      <NotificationSettingsLink />
      <PushSection push={push} />
      <BlockedPeopleSection people={blockedPeople} />
      <DeleteUserForm deletion={deletion} />
    </div>
  )
}
