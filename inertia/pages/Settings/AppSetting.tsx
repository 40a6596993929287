import { PageTitle } from '~/components/shell/page_title'
import { SettingsSection } from '~/components/profile/settings_section'
import { SettingsForm, type TeamSettings } from '~/components/admin/settings_form'
import { InvitationsPanel, type InvitationRow } from '~/components/admin/invitations_panel'
import { UploadLimitsForm } from '~/components/admin/upload_limits_form'
import { MailSettingsForm } from '~/components/admin/mail_settings_form'
import type { Data } from '~data'

/** Settings/AppSetting (PRODUCT §9): team settings, invitations, upload limits, SMTP server. */
export default function AppSettingPage({
  settings,
  maxDomains,
  invitations,
  uploads,
  mail,
}: {
  settings: TeamSettings
  maxDomains: number
  invitations: InvitationRow[]
  uploads: Data.Admin.UploadLimits
  mail: Data.Admin.MailSettings
}) {
  return (
    <div className="grid gap-6">
      <PageTitle title="Settings" />
      <header>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          How the team is named, who may join, moderation, notifications, upload limits and the mail
          server. Every change is recorded in the audit log.
        </p>
      </header>
      <SettingsSection
        id="team"
        title="Team"
        description="The name and abbreviation appear in the navigation and page titles; the domains decide who registers as a member."
      >
        <SettingsForm settings={settings} maxDomains={maxDomains} />
      </SettingsSection>
      <SettingsSection
        id="invitations"
        title="Invitations"
        description="Invite someone by e-mail. The link lets them register as a member, also when registration is invitation-only (not when it is closed)."
      >
        <InvitationsPanel invitations={invitations} />
      </SettingsSection>
      <SettingsSection
        id="uploads"
        title="Uploads"
        description="How large a file may be and how many files a post may carry. Checked on the server for posts, comments, messages and profile pictures."
      >
        <UploadLimitsForm uploads={uploads} />
      </SettingsSection>
      <SettingsSection
        id="mail"
        title="Mail"
        description="The SMTP server that sends verification, password reset and notification mails. Send a test mail after saving."
      >
        <MailSettingsForm mail={mail} />
      </SettingsSection>
    </div>
  )
}
