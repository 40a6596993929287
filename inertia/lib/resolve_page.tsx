import type { ReactNode } from 'react'
import { layoutFor } from '~/layouts/layout_for'

type PageModule = { default: any }

const pages = import.meta.glob<PageModule>('../pages/**/*.tsx')

/**
 * Resolves a page by its product name (e.g. "Homepage/CreatePost"), each
 * page in its own chunk. An unknown name is a loud error in development; in
 * production it shows the not-found page instead of a blank screen.
 */
export async function resolvePage(name: string) {
  const loader = pages[`../pages/${name}.tsx`]
  if (!loader) {
    if (import.meta.env.DEV) throw new Error(`Page not found: "${name}" (expected inertia/pages/${name}.tsx)`)
    console.error(`Page not found: "${name}"`)
    return resolvePage('Errors/NotFound')
  }
  const page = (await loader()).default
  page.layout ??= (children: ReactNode) => layoutFor(name, children)
  return page
}

export function pageExists(name: string) {
  return `../pages/${name}.tsx` in pages
}
