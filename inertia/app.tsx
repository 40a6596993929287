import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { resolvePage } from '~/lib/resolve_page'
import { routeClient } from '~/lib/route'
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
  // Around the whole app (as the AdonisJS starter kit does): the route
  // client of the typed Form and Link (@adonisjs/inertia/react), which throw
  // without it, whatever shell or layout a page has.
  setup({ el, App, props }) {
    createRoot(el!).render(
      <TuyauProvider client={routeClient}>
        <App {...props} />
      </TuyauProvider>
    )
  },
  progress: PROGRESS,
  defaults: INERTIA_DEFAULTS,
})
