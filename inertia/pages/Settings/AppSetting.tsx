import { PageTitle } from '~/components/shell/page_title'
import { SettingsSection } from '~/components/profile/settings_section'
import { SettingsForm, type TeamSettings } from '~/components/admin/settings_form'
import { InvitationsPanel, type InvitationRow } from '~/components/admin/invitations_panel'

/** Settings/AppSetting (PRODUCT §9): team settings and invitations. */
export default function AppSettingPage({
  settings,
  maxDomains,
  invitations,
}: {
  settings: TeamSettings
  maxDomains: number
  invitations: InvitationRow[]
}) {
  return (
    <div className="grid gap-6">
      <PageTitle title="Settings" />
      <header>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          How the team is named and who may join. Every change is recorded in the audit log.
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
    </div>
  )
}
