/** The bell's badge: the count, "99+" above 99, nothing at 0. */
export function badgeLabel(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
