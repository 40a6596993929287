import { use, type ComponentType, type ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { shellFor, type Shell, type ViewerRole } from '~/lib/shell'
import type { Data } from '~data'

type Layout = ComponentType<{ children: ReactNode; wide?: boolean }>

/**
 * Each shell is a chunk of its own (issue 18 §4: the sign-in page does not
 * download the member and admin shells, nor a member the admin one),
 * fetched beside the page by resolvePage (preloadShell), so it is there by
 * the page's first render.
 */
const loaders: Record<Shell, () => Promise<{ default: Layout }>> = {
  guest: () => import('~/layouts/guest_layout'),
  member: () => import('~/layouts/member_layout'),
  admin: () => import('~/layouts/admin_layout'),
}
const loading = new Map<Shell, Promise<Layout>>()
const loaded = new Map<Shell, Layout>()

/** Fetches a shell (once; again after a failed fetch). */
function loadShell(shell: Shell): Promise<Layout> {
  let promise = loading.get(shell)
  if (!promise) {
    promise = loaders[shell]().then((module) => {
      loaded.set(shell, module.default)
      return module.default
    })
    promise.catch(() => loading.delete(shell))
    loading.set(shell, promise)
  }
  return promise
}

/** The shell a page will be shown in, fetched alongside the page itself. */
export function preloadShell(name: string, role: ViewerRole | null): Promise<unknown> {
  return loadShell(shellFor(name, role))
}

/**
 * Wraps a page in its shell (guest, member or admin), picked from the page
 * name and the visitor (rules in lib/shell.ts). Every page gets the same
 * wrapper component, so the shell persists across visits. (The route
 * client of the typed Form and Link is around the whole app: app.tsx.)
 */
export function layoutFor(name: string, children: ReactNode) {
  return <ShellFor name={name}>{children}</ShellFor>
}

function ShellFor({ name, children }: { name: string; children: ReactNode }) {
  const { auth } = usePage<Data.SharedProps>().props
  const shell = shellFor(name, auth.user?.role ?? null)
  // Preloaded by resolvePage; only a visit that changes the visitor's role
  // without resolving a page again waits for it here.
  const Layout = loaded.get(shell) ?? use(loadShell(shell))
  // eslint-disable-next-line react-hooks/static-components -- one module-level component per shell
  if (shell === 'guest') return <Layout wide={name === 'Welcome'}>{children}</Layout>
  // eslint-disable-next-line react-hooks/static-components -- one module-level component per shell
  return <Layout>{children}</Layout>
}
