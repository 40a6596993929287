import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#controllers/auth/session_controller')
const RegisterController = () => import('#controllers/auth/register_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const ForgotPasswordController = () => import('#controllers/auth/forgot_password_controller')
const ResetPasswordController = () => import('#controllers/auth/reset_password_controller')
const ConfirmPasswordController = () => import('#controllers/auth/confirm_password_controller')
const ChangePasswordController = () => import('#controllers/auth/change_password_controller')
const ReactivateController = () => import('#controllers/auth/reactivate_controller')

/*
| Guests only: sign in, register, forgot / reset password, reactivate.
*/
router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('session.create')
    router.post('/login', [SessionController, 'store']).as('session.store')

    router.get('/register', [RegisterController, 'create']).as('register.create')
    router.post('/register', [RegisterController, 'store']).as('register.store')
    router.get('/register/success', [RegisterController, 'success']).as('register.success')

    router.get('/forgot-password', [ForgotPasswordController, 'create']).as('password.forgot')
    router.post('/forgot-password', [ForgotPasswordController, 'store']).as('password.email')
    router.get('/reset-password/:token', [ResetPasswordController, 'show']).as('password.reset')
    router.post('/reset-password', [ResetPasswordController, 'update']).as('password.update')

    router.post('/reactivate', [ReactivateController, 'store']).as('account.reactivate')
  })
  .use(middleware.guest())

/*
| E-mail verification: for a signed-in unverified user or a guest whose
| session remembers the account (after registration or a refused sign-in).
| The link itself is signed and never signs anyone in.
*/
router.get('/verify-email', [EmailVerificationController, 'notice']).as('verification.notice')
router
  .post('/verify-email/resend', [EmailVerificationController, 'resend'])
  .as('verification.resend')
router
  .get('/verify-email/:id', [EmailVerificationController, 'verify'])
  .where('id', router.matchers.number())
  .as('verification.verify')

/*
| Signed in.
*/
router
  .group(() => {
    router.get('/confirm-password', [ConfirmPasswordController, 'show']).as('password.confirm')
    router
      .post('/confirm-password', [ConfirmPasswordController, 'store'])
      .as('password.confirm.store')
  })
  .use(middleware.auth())

router
  .group(() => {
    router.get('/change-password', [ChangePasswordController, 'show']).as('password.change')
    router.post('/change-password', [ChangePasswordController, 'store']).as('password.change.store')
    router.post('/logout', [SessionController, 'destroy']).as('session.destroy')
  })
  .use(middleware.auth({ allowPasswordChange: true }))
