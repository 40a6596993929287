import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import TokenTransformer from '#transformers/api/token_transformer'
import { createTokenValidator, TOKEN_LIFETIMES } from '#validators/api_token'
import {
  createPersonalToken,
  MAX_TOKENS_PER_USER,
  revokeOwnToken,
} from '#services/api/personal_tokens'
import { API_SCOPES, type ApiScope } from '#services/api/scopes'
import { audit } from '#services/audit'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { passwordRecentlyConfirmed } from '#services/password_confirmation'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** A token form sent away to confirm the password, to fill in again on return. */
interface TokenDraft {
  name: string
  scopes: ApiScope[]
  expiresInDays: number | null
}

/**
 * Profile/Tokens: the signed-in user's personal access tokens for the
 * public API (issue 14): list (name, scopes, created, last used, expiry),
 * create (the secret is shown once, on the page the creation leads to)
 * and revoke. One's own tokens only: another id is a 404. A token with
 * the `admin` scope needs the password typed again recently, as the admin
 * pages' own role changes and blocks do.
 */
export default class TokensController {
  async index({ auth, inertia, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const tokens = await User.accessTokens.all(user)
    const created = session.flashMessages.get('createdToken') as
      { id: string; name: string; secret: string } | undefined
    return inertia.render('Profile/Tokens', {
      tokens: tokens.map((token) => new TokenTransformer(token).toObject()),
      createdToken: created ?? null,
      scopes: API_SCOPES.filter((scope) => scope !== 'admin' || user.isAdmin).map((scope) => scope),
      lifetimes: [...TOKEN_LIFETIMES],
      maxTokens: MAX_TOKENS_PER_USER,
      docsUrl: '/api/docs',
      adminNeedsPassword: user.isAdmin && !passwordRecentlyConfirmed(session),
      draft: (session.pull('token_draft') as TokenDraft | undefined) ?? null,
    })
  }

  async store(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const data = await request.validateUsing(createTokenValidator)
    // A token with the admin scope can change roles and block people
    // through the API, which the admin pages allow only after the password
    // is typed again: ask for it first, then come back to this page.
    if (data.scopes.includes('admin') && !passwordRecentlyConfirmed(session)) {
      session.put('confirm_intended_url', urlFor('profile.tokens.index'))
      // The form comes back filled in (its name, scopes and expiry: no secret).
      session.put('token_draft', {
        name: data.name,
        scopes: data.scopes,
        expiresInDays: data.expiresInDays ?? null,
      })
      return response.redirect().toRoute('password.confirm')
    }
    const token = await createPersonalToken({
      user,
      name: data.name,
      scopes: data.scopes,
      expiresInDays: data.expiresInDays ?? null,
    })
    await audit(
      ctx,
      'token.create',
      { type: 'user', id: user.id },
      { tokenId: String(token.identifier), scopes: data.scopes }
    )
    // Shown once: the next page (this list) reads it from the flash, then it is gone.
    session.flash('createdToken', {
      id: String(token.identifier),
      name: data.name,
      secret: token.value!.release(),
    })
    return response.redirect().toRoute('profile.tokens.index')
  }

  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    const revoked = await revokeOwnToken(user, Number(params.id))
    if (!revoked) throw new E_NOT_FOUND()
    await audit(ctx, 'token.revoke', { type: 'user', id: user.id }, { tokenId: String(params.id) })
    session.flash('success', 'The token is revoked: it no longer works.')
    return response.redirect().toRoute('profile.tokens.index')
  }
}
