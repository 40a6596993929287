/**
 * The sentence each notification reads as: the wording is shared with the
 * Web Push title (app/enums/notification_sentences.ts); its shape,
 * `Data.Notification`, is generated from
 * app/transformers/notification_transformer.ts. Pure, so it is unit-tested
 * in Node.
 */
export { actorNames, describeNotification } from '#enums/notification_sentences'

/** The bell's badge: the count, "99+" above 99, nothing at 0. */
export function badgeLabel(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
