import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePage } from '~/lib/resolve_page'

createInertiaApp({
  // Pages pass the full "{page title} - {team abbreviation}" (components/page_title.tsx).
  title: (title) => title,
  resolve: resolvePage,
  setup({ el, App, props }) {
    createRoot(el!).render(<App {...props} />)
  },
  progress: {
    delay: 250,
    color: '#4B5563',
    showSpinner: false,
  },
})
