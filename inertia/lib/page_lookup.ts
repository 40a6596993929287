/**
 * Page lookup by product page name ("Homepage/CreatePost"), kept free of Vite
 * and React so its rules can be unit-tested in Node. The seed's rule: an
 * unknown page name is a page-not-found error. In development that error is
 * thrown (a typo must fail loudly); in production the visitor gets the
 * not-found page instead of a blank screen.
 */
export const NOT_FOUND_PAGE = 'Errors/NotFound'

export class PageNotFoundError extends Error {
  constructor(public pageName: string) {
    super(`Page not found: "${pageName}" (expected inertia/pages/${pageName}.tsx)`)
    this.name = 'PageNotFoundError'
  }
}

/** The key Vite's import.meta.glob('../pages/**\/*.tsx') gives a page file. */
export function pageKey(name: string) {
  return `../pages/${name}.tsx`
}

export type PageLookup<T> = {
  /** The page actually resolved (the requested one, or the not-found page). */
  name: string
  loader: T
  /** True when the requested page did not exist and the not-found page stands in. */
  missing: boolean
}

/**
 * Finds the loader for a page name in a glob map. Throws PageNotFoundError
 * in development, or when even the not-found page is missing.
 */
export function lookupPage<T>(
  pages: Record<string, T>,
  name: string,
  options: { dev: boolean }
): PageLookup<T> {
  const loader = Object.hasOwn(pages, pageKey(name)) ? pages[pageKey(name)] : undefined
  if (loader) return { name, loader, missing: false }
  if (options.dev || name === NOT_FOUND_PAGE) throw new PageNotFoundError(name)
  const fallback = Object.hasOwn(pages, pageKey(NOT_FOUND_PAGE))
    ? pages[pageKey(NOT_FOUND_PAGE)]
    : undefined
  if (!fallback) throw new PageNotFoundError(name)
  return { name: NOT_FOUND_PAGE, loader: fallback, missing: true }
}

/** True when a page file exists for the name. */
export function hasPage(pages: Record<string, unknown>, name: string) {
  return Object.hasOwn(pages, pageKey(name))
}
