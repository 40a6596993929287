import { Link } from '@inertiajs/react'
import { Bell } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip'
import { route } from '~/lib/route'

/**
 * The header's notification bell, linking to the notifications page.
 * Rendered by the member shell only once `notifications.index` exists.
 */
export function NotificationBell() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" data-testid="notification-bell">
          <Link href={route('notifications.index')} aria-label="Notifications">
            <Bell className="size-5" aria-hidden />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>Notifications</TooltipContent>
    </Tooltip>
  )
}
