import type { ReactNode } from 'react'
import { layoutFor, preloadShell } from '~/layouts/layout_for'
import { hasPage, lookupPage } from '~/lib/page_lookup'
import type { Data } from '~data'

type PageModule = { default: any }

const pages = import.meta.glob<PageModule>('../pages/**/*.tsx')

/**
 * Resolves a page by its product name (e.g. "Homepage/CreatePost"), each
 * page in its own chunk, wrapped in the shell picked from its name and the
 * visitor's role (fetched with the page). Unknown
 * names: see lib/page_lookup.ts (loud in development, not-found page in
 * production).
 */
export async function resolvePage(name: string, visit?: { props: unknown }) {
  const found = lookupPage(pages, name, { dev: import.meta.env.DEV })
  if (found.missing) console.error(`Page not found: "${name}"`)
  // The page's shell (its own chunk) comes in parallel with the page.
  const role = (visit?.props as Partial<Data.SharedProps> | undefined)?.auth?.user?.role ?? null
  const [pageModule] = await Promise.all([found.loader(), preloadShell(found.name, role)])
  const page = pageModule.default
  page.layout ??= (children: ReactNode) => layoutFor(found.name, children)
  return page
}

export function pageExists(name: string) {
  return hasPage(pages, name)
}
