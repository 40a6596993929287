import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePage } from '~/lib/resolve_page'
import { documentTitle, INERTIA_DEFAULTS, PROGRESS } from '~/lib/inertia_options'
import { watchInstallPrompt } from '~/lib/install_prompt'

watchInstallPrompt()
// The service worker (production build only) is registered once the page has
// loaded, from a lazy chunk: it never competes with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('~/lib/pwa').then((pwa) => pwa.registerServiceWorker())
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

createInertiaApp({
  title: documentTitle,
  resolve: resolvePage,
  setup({ el, App, props }) {
    createRoot(el!).render(<App {...props} />)
  },
  progress: PROGRESS,
  defaults: INERTIA_DEFAULTS,
})
