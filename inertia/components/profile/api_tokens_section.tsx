import { Link } from '@adonisjs/inertia/react'
import { KeyRound } from 'lucide-react'
import { SettingsSection } from '~/components/profile/settings_section'

/** Profile settings → the way to the API tokens page (issue 14). */
export function ApiTokensSection() {
  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description="Personal access tokens let scripts and bots use Huddle’s JSON API as you."
    >
      <Link
        route="profile.tokens.index"
        className="inline-flex items-center gap-2 text-sm font-medium underline"
      >
        <KeyRound className="size-4" aria-hidden />
        Manage API tokens
      </Link>
    </SettingsSection>
  )
}
