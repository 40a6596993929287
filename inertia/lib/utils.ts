import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names (clsx). Nothing is merged: an element never gets two
 * utilities of the same group (two widths, two paddings…). A component
 * whose caller may set one of its own groups applies its default with
 * `unlessSet` (issue 18 §4: tailwind-merge weighed 8 KB gzip on every page).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}

/**
 * A component's default classes, each left out when the caller's
 * `className` already has an unprefixed utility of its group (the pattern):
 * `unlessSet(className, { 'max-w-lg': /^max-w-/ })` is `max-w-lg`, unless
 * the caller gave its own `max-w-*`. Classes with a variant (`sm:p-6`) do
 * not count: they add to the default rather than replace it.
 */
export function unlessSet(className: string | undefined, defaults: Record<string, RegExp>) {
  const own = className ? className.split(/\s+/).filter((name) => name && !name.includes(':')) : []
  return Object.keys(defaults)
    .filter((classes) => !own.some((name) => defaults[classes].test(name.replace(/^-/, ''))))
    .join(' ')
}

/** The groups `unlessSet` is given most (for a utility without its leading `-`). */
export const GROUP = {
  height: /^(h|size)-/,
  width: /^(w|size)-/,
  xPadding: /^p[xlr]?-/,
  yPadding: /^p[ytb]?-/,
  xMargin: /^m[xlr]?-/,
  yMargin: /^m[ytb]?-/,
  textSize: /^text-(xs|sm|base|lg|\d?xl|\[)/,
  rounded: /^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/,
}
