import User from '#models/user'
import { dbNow } from '#services/db/db_time'
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
      .update({ approval_status: 'approved', updated_at: dbNow() })
    if (Number(Array.isArray(updated) ? updated[0] : updated) === 0)
      return { approved: false, mailed: false }

    await target.refresh()
    const { teamName } = await getSettings()
    const mailed = await sendNotification(new AccountApprovedNotification(target, teamName))
    await AccountApproved.dispatch({ userId: target.id, adminId: null })
    return { approved: true, mailed }
  }
}
