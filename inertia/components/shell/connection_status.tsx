import { WifiOff } from 'lucide-react'
import { useConnectionState } from '~/lib/realtime'

/**
 * A quiet note in the header while the live connection is down: live
 * updates pause, the page still works, and it reconnects on its own.
 * Nothing is shown while connected (or during the first connection).
 */
export function ConnectionStatus() {
  const state = useConnectionState()
  const down = state === 'reconnecting' || state === 'offline'
  return (
    <span role="status" aria-live="polite" className="contents">
      {down && (
        <span
          className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs text-muted-foreground"
          title="Live updates are paused until the connection is back"
          data-connection-state={state}
        >
          <WifiOff className="size-3.5" aria-hidden />
          {state === 'offline' ? 'Offline' : 'Reconnecting…'}
        </span>
      )}
    </span>
  )
}
