import { Head, usePage } from '@inertiajs/react'
import { pageTitle } from '~/lib/inertia_options'
import type { SharedProps } from '~/types'

/**
 * Sets the document title to "{page title} - {team abbreviation}".
 */
export function PageTitle({ title }: { title: string }) {
  const { team } = usePage<SharedProps>().props
  return <Head title={pageTitle(title, team.abbreviation)} />
}
