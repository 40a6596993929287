import type { Data } from '~data'

/**
 * Which page shell (layout) a page is shown in, from its product page name
 * and the visitor's role. Pure so the rules are unit-tested in Node.
 *
 * - guest shell: the sign-in / registration family, Welcome, RegisterSuccess,
 *   and every page when nobody is signed in (error pages included);
 * - admin shell: back-office pages, for admins;
 * - member shell: everything else (a member who reaches an error page keeps
 *   the navigation they came from).
 */
export type Shell = 'guest' | 'member' | 'admin'
/** The signed-in user's role, as the server shares it. */
export type ViewerRole = NonNullable<Data.SharedProps['auth']['user']>['role']

const GUEST_PAGES = /^(Auth\/|Welcome$|Users\/RegisterSuccess$)/
const ADMIN_PAGES =
  /^(Dashboard(\/|$)|Settings\/|Users\/(?!RegisterSuccess$)|PostModerations\/|Posts\/|Profile\/(Index|Photos|Cover|UserEdit)$|AuditLog\/|Jobs\/|Reports\/)/

export function shellFor(pageName: string, role: ViewerRole | null): Shell {
  if (!role || GUEST_PAGES.test(pageName)) return 'guest'
  if (role === 'admin' && ADMIN_PAGES.test(pageName)) return 'admin'
  return 'member'
}
