/**
 * "Install Huddle" (issue 15 §1): Chromium fires `beforeinstallprompt` once
 * the app is installable; it is kept here (from the first script on, so it
 * is never missed) and the avatar menu offers the entry while it is there.
 * Small on purpose: it is part of every first load.
 */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

export function watchInstallPrompt() {
  if (typeof window === 'undefined') return
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    changed()
  })
}

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function canInstall() {
  return deferred !== null
}

/** Shows the browser's own install dialog; the event can be used once. */
export async function promptInstall() {
  const event = deferred
  if (!event) return
  deferred = null
  changed()
  await event.prompt()
  await event.userChoice.catch(() => null)
}
