/**
 * Typecheck fixture for the props check of `inertia.render` (docs/architecture.md,
 * "The server → page contract"). Never run: `npm run typecheck` compiles it.
 * Each `@ts-expect-error` below must meet an error; when the check is silently
 * off again (page props resolved to `any`), the directive is unused and tsc
 * fails with TS2578.
 */
import type { HttpContext } from '@adonisjs/core/http'

export function renderContract({ inertia }: HttpContext) {
  // The right props compile.
  void inertia.render('Auth/Login', { reactivate: false, canResendVerification: false })

  // @ts-expect-error a required prop is missing
  void inertia.render('Auth/Login', { reactivate: false })

  void inertia.render('Auth/Login', {
    reactivate: false,
    canResendVerification: false,
    // @ts-expect-error a prop the page does not declare
    maxAttempts: 5,
  })

  // @ts-expect-error a prop of the wrong type
  void inertia.render('Auth/Login', { reactivate: 'yes', canResendVerification: false })

  void inertia.render('Auth/Login', {
    reactivate: false,
    canResendVerification: false,
    // @ts-expect-error a shared prop's name (issue 17: it replaced the menus' `can`)
    can: { admin: true, teamFeed: true },
  })

  // @ts-expect-error a page that does not exist
  void inertia.render('Auth/Logn', {})
}
