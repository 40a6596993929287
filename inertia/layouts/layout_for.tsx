import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import GuestLayout from '~/layouts/guest_layout'
import MemberLayout from '~/layouts/member_layout'
import AdminLayout from '~/layouts/admin_layout'
import { shellFor } from '~/lib/shell'
import type { SharedProps } from '~/types'

/**
 * Wraps a page in its shell (guest, member or admin), picked from the page
 * name and the visitor (rules in lib/shell.ts). Every page gets the same
 * wrapper component, so the shell persists across visits.
 */
export function layoutFor(name: string, children: ReactNode) {
  return <ShellFor name={name}>{children}</ShellFor>
}

function ShellFor({ name, children }: { name: string; children: ReactNode }) {
  const { auth } = usePage<SharedProps>().props
  const shell = shellFor(name, auth.user?.role ?? null)
  if (shell === 'admin') return <AdminLayout>{children}</AdminLayout>
  if (shell === 'member') return <MemberLayout>{children}</MemberLayout>
  return <GuestLayout wide={name === 'Welcome'}>{children}</GuestLayout>
}
