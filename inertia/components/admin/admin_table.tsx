import type { ReactNode } from 'react'
import { Avatar } from '~/components/shell/avatar'
import { cn } from '~/lib/utils'

export type AdminColumn = {
  label: string
  /** Read by screen readers only (an actions column). */
  srOnly?: boolean
  align?: 'right'
}

/**
 * The desktop table of the admin lists (people, externals): shown from
 * tablet width up, a screen-reader caption, one header row; the caller
 * renders the body rows.
 */
export function AdminTable({
  caption,
  columns,
  nowrapHeaders = false,
  children,
}: {
  caption: string
  columns: AdminColumn[]
  nowrapHeaders?: boolean
  children: ReactNode
}) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'px-4 py-3',
                  column.align === 'right' && 'text-right',
                  'font-medium',
                  nowrapHeaders && 'whitespace-nowrap'
                )}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}

/** A person's avatar beside their name block (name, handle…) in an admin list. */
export function PersonIdentity({
  person,
  className,
  children,
}: {
  person: { initials: string; fullName: string; avatarUrl: string | null }
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('flex gap-3', className)}>
      <Avatar initials={person.initials} name={person.fullName} src={person.avatarUrl} size="sm" />
      {children}
    </div>
  )
}
