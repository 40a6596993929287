/**
 * The sentence each notification reads as: the wording is shared with the
 * Web Push title (app/enums/notification_sentences.ts); its shape,
 * `Data.Notification`, is generated from
 * app/transformers/notification_transformer.ts. Pure, so it is unit-tested
 * in Node.
 */
export { actorNames, describeNotification } from '#enums/notification_sentences'
