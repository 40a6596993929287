/**
 * Client behaviour constants from the seed (§9), in one place so they are
 * unit-tested and createInertiaApp reads them from here.
 *
 * Not configurable in Inertia 3 and already what the seed asks for:
 * scroll regions are saved with a 100 ms debounce, every request carries
 * X-Requested-With: XMLHttpRequest, and a reply that is not an Inertia page
 * is shown in a modal (nothing here cancels the `httpException` event).
 */
export const PROGRESS = {
  delay: 250,
  color: '#4B5563',
  showSpinner: false,
} as const

export const INERTIA_DEFAULTS = {
  form: {
    /** `recentlySuccessful` clears 2 seconds after a successful submit. */
    recentlySuccessfulDuration: 2000,
  },
} as const

/**
 * The document title from the seed: "{page title} - {team abbreviation}".
 */
export function pageTitle(title: string, abbreviation: string) {
  const team = abbreviation.trim()
  return team ? `${title} - ${team}` : title
}

/**
 * Pages give the whole title ("{page title} - {team abbreviation}", see
 * components/shell/page_title.tsx), so Inertia passes it through unchanged.
 */
export function documentTitle(title: string) {
  return title
}
