import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import UserPolicy from '#policies/user_policy'
import UpdateProfile from '#actions/profile/update_profile'
import RevokeSessions from '#actions/accounts/revoke_sessions'
import RequestAccountDeletion from '#actions/profile/request_account_deletion'
import { DELETION_GRACE_DAYS } from '#services/account_state'
import { checkCurrentPassword } from '#services/auth/check_current_password'
import { deleteAccountValidator, updateProfileValidator } from '#validators/profile'
import { passwordRecentlyConfirmed } from '#services/password_confirmation'
import { audit } from '#services/audit'
import { blockedPeople } from '#queries/people/profiles'
import UserTransformer from '#transformers/user_transformer'
import { pushDevicesOf } from '#queries/push_subscriptions'
import { vapidKeys } from '#services/web_push'

export const LAST_ADMIN_MESSAGE =
  'You are the last active administrator, so your account cannot be deleted. Make someone else an administrator first.'

/**
 * Profile settings (Profile/Edit): profile information, and deleting the
 * account. The password and "sign out other devices" forms on the same page
 * have their own controllers.
 */
export default class ProfileController {
  async edit({ auth, inertia, session, bouncer }: HttpContext) {
    const user = auth.getUserOrFail()
    const canDelete = await bouncer.with(UserPolicy).allows('deleteSelf')
    const blocked = await blockedPeople(user)
    return inertia.render('Profile/Edit', {
      emailChangeNeedsPassword: !passwordRecentlyConfirmed(session),
      otherSessions: await RevokeSessions.countOthers(user.id, session.sessionId),
      deletion: {
        allowed: canDelete,
        blockedReason: canDelete ? null : LAST_ADMIN_MESSAGE,
        graceDays: DELETION_GRACE_DAYS,
      },
      /** People I blocked, with Unblock (PRODUCT §8). */
      blockedPeople: blocked.map((person) => new UserTransformer(person).toObject()),
      /** Web Push (issue 15 §2): on/off, this person's devices, the key browsers subscribe with. */
      push: {
        publicKey: vapidKeys()?.publicKey ?? null,
        enabled: user.pushEnabled,
        devices: await pushDevicesOf(user.id),
      },
    })
  }

  async update(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const data = await request.validateUsing(updateProfileValidator, { meta: { userId: user.id } })

    // A new e-mail address takes over sign-in and password resets: ask for
    // the password first (PRODUCT §2), then come back to this page.
    if (data.email !== user.email && !passwordRecentlyConfirmed(session)) {
      session.put('confirm_intended_url', urlFor('profile.edit'))
      return response.redirect().toRoute('password.confirm')
    }

    const { emailChanged, previousEmail } = await new UpdateProfile().handle({ user, ...data })
    if (!emailChanged) {
      session.flash('success', 'Profile saved.')
      return response.redirect().toRoute('profile.edit')
    }

    // The account is unverified again: it signs out everywhere until the
    // new address is confirmed.
    await audit(
      ctx,
      'profile.email_change',
      { type: 'user', id: user.id },
      { from: previousEmail, to: user.email }
    )
    await new RevokeSessions().handle({ userId: user.id })
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    session.put('verify_user_id', user.id)
    session.flash(
      'success',
      `Your e-mail address is now ${user.email}. We sent a verification link there: follow it, then sign in again. Your previous address was told about the change.`
    )
    return response.redirect().toRoute('session.create')
  }

  async destroy(ctx: HttpContext) {
    const { auth, request, response, session, bouncer } = ctx
    const user = auth.getUserOrFail()
    if (await bouncer.with(UserPolicy).denies('deleteSelf')) {
      session.flashErrors({ account: LAST_ADMIN_MESSAGE })
      return response.redirect().back()
    }

    const { password, reason } = await request.validateUsing(deleteAccountValidator)
    const check = await checkCurrentPassword(user, password)
    if (!check.ok) {
      session.flashErrors({ password: check.message })
      return response.redirect().back()
    }

    const { purgeAfter } = await new RequestAccountDeletion().handle(user, reason)
    await audit(
      ctx,
      'account.deletion_requested',
      { type: 'user', id: user.id },
      { reason: reason ?? null }
    )
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    session.flash(
      'success',
      `Your account is scheduled for deletion on ${purgeAfter.toFormat('d LLLL yyyy')}. Until then you can change your mind: sign in and choose "Reactivate my account". After that date your data is removed for good.`
    )
    return response.redirect().toRoute('session.create')
  }
}
