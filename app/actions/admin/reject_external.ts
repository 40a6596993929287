import User from '#models/user'
import { dbNow } from '#services/db/db_time'
import AccountRejectedNotification from '#mails/account_rejected_notification'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import { getSettings } from '#services/settings'
import { sendNotification } from '#services/mail/notification_mail'

/**
 * Rejects a pending external registration (conditional update, see
 * ApproveExternal), signs the account out everywhere and tells its owner,
 * with the reason when one was given.
 */
export default class RejectExternal {
  async handle(target: User, reason: string | null) {
    const updated = await User.query()
      .where('id', target.id)
      .where('role', 'external')
      .where('approval_status', 'pending')
      .update({ approval_status: 'rejected', updated_at: dbNow() })
    if (Number(Array.isArray(updated) ? updated[0] : updated) === 0)
      return { rejected: false, mailed: false }

    await target.refresh()
    await new RevokeSessions().handle({ userId: target.id })
    const { teamName } = await getSettings()
    const mailed = await sendNotification(new AccountRejectedNotification(target, teamName, reason))
    return { rejected: true, mailed }
  }
}
