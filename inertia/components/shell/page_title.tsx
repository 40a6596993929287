import { Head, usePage } from '@inertiajs/react'
import { pageTitle } from '~/lib/inertia_options'
import type { Data } from '~data'

/**
 * Sets the document title to "{page title} - {team abbreviation}".
 */
export function PageTitle({ title }: { title: string }) {
  const { team } = usePage<Data.SharedProps>().props
  return <Head title={pageTitle(title, team.abbreviation)} />
}
