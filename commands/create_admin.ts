import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Creates an administrator from the server's terminal: the first one of a
 * new installation (in production nothing is seeded, and sign-up makes
 * members and externals only), or one more when nobody can sign in to
 * Admin → Administrators. Like an invitation from that page, the account is
 * verified and approved, its password random and unknown, and a single-use
 * link sets it; the link is printed here rather than mailed, so mail need
 * not be set up yet. Asks for what the flags leave out:
 *
 *   node build/ace.js admin:create --full-name="Ada Lovelace" --username=ada --email=ada@example.com
 */
export default class CreateAdminCommand extends BaseCommand {
  static commandName = 'admin:create'
  static description = 'Create an administrator and print the link that sets their password'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Full name, as shown to the team' })
  declare fullName?: string

  @flags.string({ description: 'Username: 3 to 30 lower-case letters, digits, dots, underscores' })
  declare username?: string

  @flags.string({ description: 'E-mail address (the account signs in with it)' })
  declare email?: string

  async run() {
    const { errors } = await import('@vinejs/vine')
    const { createAdminValidator } = await import('#validators/admin_people')
    const { default: CreateAdmin } = await import('#actions/admin/people/create_admin')
    const { ADMIN_INVITE_TTL_DAYS } = await import('#services/auth/password_reset_tokens')
    const { default: router } = await import('@adonisjs/core/services/router')
    // Outside the HTTP server nothing commits the routes: the link needs them.
    router.commit()

    const input = {
      fullName: this.fullName ?? (await this.prompt.ask('Full name')),
      username: this.username ?? (await this.prompt.ask('Username')),
      email: this.email ?? (await this.prompt.ask('E-mail address')),
    }
    let data
    try {
      data = await createAdminValidator.validate(input)
    } catch (error) {
      if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
      for (const message of error.messages as { message: string }[]) {
        this.logger.error(message.message)
      }
      this.exitCode = 1
      return
    }

    const { admin, url } = await new CreateAdmin().handle({ ...data, invitedBy: null })
    this.logger.success(`${admin.fullName} (${admin.email}) is an administrator.`)
    this.logger.info(
      `Open this link within ${ADMIN_INVITE_TTL_DAYS} days to choose the password (it works once):`
    )
    this.logger.log(url)
  }
}
