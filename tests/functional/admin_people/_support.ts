import db from '@adonisjs/lucid/services/db'

/** A session in which the password was typed a minute ago (passwordConfirmed passes). */
export const CONFIRMED = () => ({ password_confirmed_at: Date.now() - 60_000 })

export async function auditRows(action?: string) {
  const query = db.from('audit_logs').orderBy('id')
  if (action) query.where('action', action)
  return query
}

/** The ids of the people rows of an Inertia list response. */
export function ids(response: { inertiaProps: any }) {
  return (response.inertiaProps.people as { id: number }[]).map((person) => person.id)
}
