import { Link } from '@adonisjs/inertia/react'
import { SlidersHorizontal } from 'lucide-react'
import { SettingsSection } from '~/components/profile/settings_section'

/** Profile settings → the way to the notification settings page (issue 15 §4). */
export function NotificationSettingsLink() {
  return (
    <SettingsSection
      id="notification-settings"
      title="Notifications"
      description="Choose what reaches you in the app, by push and by e-mail, and set quiet hours."
    >
      <Link
        route="profile.notifications.edit"
        className="inline-flex items-center gap-2 text-sm font-medium underline"
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        Notification settings
      </Link>
    </SettingsSection>
  )
}
