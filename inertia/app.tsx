import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePage } from '~/lib/resolve_page'
import { documentTitle, INERTIA_DEFAULTS, PROGRESS } from '~/lib/inertia_options'

createInertiaApp({
  title: documentTitle,
  resolve: resolvePage,
  setup({ el, App, props }) {
    createRoot(el!).render(<App {...props} />)
  },
  progress: PROGRESS,
  defaults: INERTIA_DEFAULTS,
})
