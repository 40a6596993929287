import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import GuestLayout from '~/layouts/guest_layout'
import MemberLayout from '~/layouts/member_layout'
import AdminLayout from '~/layouts/admin_layout'
import type { SharedProps } from '~/types'

const GUEST_PAGES = /^(Auth\/|Welcome$|Users\/RegisterSuccess$)/
const ADMIN_PAGES = /^(Dashboard|Settings\/|Users\/(?!RegisterSuccess)|PostModerations\/|Posts\/|Profile\/(Index|Photos|UserEdit))/

/**
 * Picks the layout from the page name (guest, member or admin shell).
 * Error pages follow the visitor: the shell they were in.
 */
export function layoutFor(name: string, children: ReactNode) {
  return <ShellFor name={name}>{children}</ShellFor>
}

function ShellFor({ name, children }: { name: string; children: ReactNode }) {
  const { auth } = usePage<SharedProps>().props
  if (GUEST_PAGES.test(name) || !auth.user) return <GuestLayout>{children}</GuestLayout>
  if (ADMIN_PAGES.test(name) && auth.user.role === 'admin') return <AdminLayout>{children}</AdminLayout>
  return <MemberLayout>{children}</MemberLayout>
}
