import { useState } from 'react'
import { Bell, BellOff } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Button } from '~/components/ui/button'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'

/**
 * "Mute this conversation" (issue 15 §4): no notifications about new
 * messages from it; the notification settings page lists and unmutes it.
 */
export function ConversationMuteButton({ username }: { username: string }) {
  const [muted, setMuted] = useState(false)
  const [busy, setBusy] = useState(false)

  async function toggle() {
    setBusy(true)
    try {
      const answer = await jsonRequest<{ muted: boolean; message: string }>(
        'put',
        route('messages.mute', { username }),
        { muted: !muted }
      )
      setMuted(answer.muted)
      toast.success(answer.message)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something went wrong.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="ml-auto shrink-0"
      disabled={busy}
      aria-pressed={muted}
      aria-label={muted ? 'Unmute this conversation' : 'Mute this conversation'}
      title={muted ? 'Unmute this conversation' : 'Mute this conversation'}
      onClick={toggle}
    >
      {muted ? <BellOff className="size-5" aria-hidden /> : <Bell className="size-5" aria-hidden />}
    </Button>
  )
}
