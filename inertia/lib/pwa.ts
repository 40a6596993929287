/**
 * The installable app in the browser (issue 15): registering the service
 * worker, Web Push on this browser, and forgetting the signed-in person on
 * this device (sign-out, user switch). Loaded lazily, after the page's load
 * event: nothing here is part of the first load.
 */
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { forgetDrafts } from '~/components/composer/drafts'
import { forgetOutboxes } from '~/lib/outbox'

const USER_KEY = 'huddle-pwa-user'

export function pushSupported() {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** Registers /sw.js (scope /): the production build only (the dev server has none). */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return null
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  } catch {
    return null
  }
}

/**
 * Called on every signed-in load: when another person than last time uses
 * this browser, the previous person's push subscription and caches go.
 */
export async function rememberUser(userId: number | null) {
  let previous: string | null = null
  try {
    previous = localStorage.getItem(USER_KEY)
    if (userId === null) localStorage.removeItem(USER_KEY)
    else localStorage.setItem(USER_KEY, String(userId))
  } catch {
    return
  }
  if (userId !== null && previous !== null && previous !== String(userId)) {
    await dropPushSubscription(false)
    await clearCaches()
    forgetDrafts()
    forgetOutboxes()
  }
}

/**
 * Deletes every cache but the precache of public assets, in the worker and
 * here. The worker answers once it has cleared, after the offline copies
 * it was asked to keep before (sw.ts): none of them lands afterwards.
 */
export async function clearCaches() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    const worker = registration?.active
    if (worker) {
      const channel = new MessageChannel()
      const cleared = new Promise<void>((resolve) => {
        channel.port1.onmessage = () => resolve()
        // A worker that stopped answering does not hold the sign-out.
        setTimeout(resolve, 3000)
      })
      worker.postMessage({ type: 'clear-caches' }, [channel.port2])
      await cleared
      channel.port1.close()
    }
    if ('caches' in window) {
      const names = await caches.keys()
      await Promise.all(
        names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name))
      )
    }
  } catch {
    // Nothing cached, nothing to clear.
  }
}

/**
 * Before signing out: this browser stops getting the person's pushes;
 * caches (offline copies included), drafts and the outbox go.
 */
export async function forgetThisDevice() {
  // Offline copies being kept right now land before the caches go, and no new one starts.
  await import('~/lib/offline').then((offline) => offline.stopOffline()).catch(() => null)
  await dropPushSubscription(true)
  await clearCaches()
  forgetDrafts()
  forgetOutboxes()
  try {
    localStorage.removeItem(USER_KEY)
  } catch {}
}

async function currentSubscription() {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export async function browserIsSubscribed() {
  return (await currentSubscription()) !== null
}

/**
 * Ends this browser's subscription at its push service (it answers 410 from
 * then on, and the server forgets it) and, signed in, tells the server now.
 */
export async function dropPushSubscription(tellServer: boolean) {
  try {
    const subscription = await currentSubscription()
    if (!subscription) return
    if (tellServer) {
      await jsonRequest('post', route('push.unsubscribe'), {
        endpoint: subscription.endpoint,
      }).catch(() => null)
    }
    await subscription.unsubscribe()
  } catch {
    // Best effort: the push service's 410 removes it later.
  }
}

function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(raw, (char) => char.charCodeAt(0))
}

/** Asks for permission, subscribes this browser and registers it with the server. */
export async function subscribeThisBrowser(publicKey: string) {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.')
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    throw new Error('Notifications are blocked for this site in the browser settings.')
  }
  const registration =
    (await navigator.serviceWorker.getRegistration()) ?? (await registerServiceWorker())
  if (!registration) throw new Error('The app’s service worker is not available here.')
  await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  })
  await jsonRequest('post', route('push.store'), subscription.toJSON() as Record<string, unknown>)
}
