/** A user's own private channel (messages, typing, read receipts). */
export function userChannel(userId: number) {
  return `private-App.Models.User.${userId}`
}
