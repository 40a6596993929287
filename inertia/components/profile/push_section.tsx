import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { BellRing, Smartphone, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { SettingsSection } from '~/components/profile/settings_section'
import { route } from '~/lib/route'

export type PushDevice = {
  id: number
  device: string
  createdAt: string | null
  lastPushedAt: string | null
}

export type PushSettings = {
  publicKey: string | null
  enabled: boolean
  devices: PushDevice[]
}

function day(iso: string | null) {
  if (!iso) return null
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })
}

type BrowserState = 'checking' | 'unsupported' | 'subscribed' | 'not-subscribed'

/**
 * "Push notifications" (issue 15 §2): on or off for the person, this
 * browser subscribed or not, and the list of subscribed devices, each
 * removable. Pushes go only when no Huddle tab is open and visible.
 */
export function PushSection({ push }: { push: PushSettings }) {
  const [browser, setBrowser] = useState<BrowserState>('checking')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void import('~/lib/pwa').then(async (pwa) => {
      const state: BrowserState = !pwa.pushSupported()
        ? 'unsupported'
        : (await pwa.browserIsSubscribed())
          ? 'subscribed'
          : 'not-subscribed'
      if (live) setBrowser(state)
    })
    return () => {
      live = false
    }
  }, [])

  async function toggleBrowser() {
    setBusy(true)
    setError(null)
    try {
      const pwa = await import('~/lib/pwa')
      if (browser === 'subscribed') {
        await pwa.dropPushSubscription(true)
        setBrowser('not-subscribed')
      } else if (push.publicKey) {
        await pwa.subscribeThisBrowser(push.publicKey)
        setBrowser('subscribed')
      }
      router.reload({ only: ['push'] })
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <SettingsSection
      id="push"
      title="Push notifications"
      description="Get notified on this device when Huddle is closed or in the background. Nothing is pushed while a Huddle tab is open in front of you."
    >
      <div className="grid gap-5" data-testid="push-settings">
        {!push.publicKey ? (
          <p className="text-sm text-muted-foreground">
            Push notifications are not set up on this server.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant={push.enabled ? 'outline' : 'default'}
                aria-pressed={push.enabled}
                onClick={() =>
                  router.put(
                    route('push.setting'),
                    { enabled: !push.enabled },
                    { preserveScroll: true }
                  )
                }
              >
                <BellRing className="size-4" aria-hidden />
                {push.enabled ? 'Turn push off everywhere' : 'Turn push on'}
              </Button>
              <span className="text-sm text-muted-foreground">
                {push.enabled ? 'Push is on for your devices.' : 'Push is off for all devices.'}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {browser === 'unsupported' ? (
                <p className="text-sm text-muted-foreground">
                  This browser cannot receive push notifications.
                </p>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy || browser === 'checking'}
                  onClick={toggleBrowser}
                >
                  <Smartphone className="size-4" aria-hidden />
                  {browser === 'subscribed'
                    ? 'Stop push on this browser'
                    : 'Get push on this browser'}
                </Button>
              )}
              {error && (
                <p className="text-sm text-destructive" role="alert">
                  {error}
                </p>
              )}
            </div>
          </>
        )}
        <div>
          <h3 className="text-sm font-medium">Devices getting push</h3>
          {push.devices.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">None yet.</p>
          ) : (
            <ul className="mt-2 divide-y rounded-md border" data-testid="push-devices">
              {push.devices.map((device) => (
                <li key={device.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <Smartphone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{device.device}</span>
                    <span className="block text-xs text-muted-foreground">
                      Added {day(device.createdAt)}
                      {device.lastPushedAt ? ` · last push ${day(device.lastPushedAt)}` : ''}
                    </span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      router.delete(route('push.destroy', { id: device.id }), {
                        preserveScroll: true,
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden />
                    Remove<span className="sr-only"> {device.device}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </SettingsSection>
  )
}
