import type { ReactNode } from 'react'
import { layoutFor } from '~/layouts/layout_for'
import { hasPage, lookupPage } from '~/lib/page_lookup'

type PageModule = { default: any }

const pages = import.meta.glob<PageModule>('../pages/**/*.tsx')

/**
 * Resolves a page by its product name (e.g. "Homepage/CreatePost"), each
 * page in its own chunk, wrapped in the shell picked from its name. Unknown
 * names: see lib/page_lookup.ts (loud in development, not-found page in
 * production).
 */
export async function resolvePage(name: string) {
  const found = lookupPage(pages, name, { dev: import.meta.env.DEV })
  if (found.missing) console.error(`Page not found: "${name}"`)
  const pageModule = await found.loader()
  const page = pageModule.default
  page.layout ??= (children: ReactNode) => layoutFor(found.name, children)
  return page
}

export function pageExists(name: string) {
  return hasPage(pages, name)
}
