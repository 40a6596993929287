import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import AccountApprovedNotification from '#mails/account_approved_notification'
import { getSettings } from '#services/settings'
import { sendNotification } from '#services/mail/notification_mail'
import AccountApproved from '#events/account_approved'

/**
 * Approves a pending external registration. The update is conditional on
 * the account still being pending, so two administrators acting at once
 * cannot both decide; the loser gets `false` and nothing is sent.
 */
export default class ApproveExternal {
  async handle(target: User) {
    const updated = await User.query()
      .where('id', target.id)
      .where('role', 'external')
      .where('approval_status', 'pending')
      .update({ approval_status: 'approved', updated_at: sqlNow() })
    if (Number(Array.isArray(updated) ? updated[0] : updated) === 0)
      return { approved: false, mailed: false }

    await target.refresh()
    const { teamName } = await getSettings()
    const mailed = await sendNotification(new AccountApprovedNotification(target, teamName))
    await AccountApproved.dispatch({ userId: target.id, adminId: null })
    return { approved: true, mailed }
  }
}

/** "Now" in the format Lucid models read back (a JS Date would be stored as epoch ms on SQLite). */
function sqlNow() {
  return DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
}
