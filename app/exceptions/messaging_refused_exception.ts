import { Exception } from '@adonisjs/core/exceptions'
import { AuthorizationResponse, errors as bouncerErrors } from '@adonisjs/bouncer'

/**
 * A refusal to message someone, with the sentence shown to the sender
 * (yourself, across a block, an inactive account, an external not yet
 * written to: app/policies/message_policy.ts). The exception handler
 * answers it: JSON callers get 403 `{ errors: [{ message }] }`, pages and
 * forms the 403 page (Errors/Forbidden) with the sentence.
 *
 * MessagePolicy denies with `E_MESSAGING_REFUSED.deny(sentence)`, so
 * `bouncer.with(MessagePolicy).authorize(…)` throws bouncer's
 * E_AUTHORIZATION_FAILURE carrying that denial; `E_MESSAGING_REFUSED.of`
 * recognises both forms.
 */
export class E_MESSAGING_REFUSED extends Exception {
  static status = 403
  static code = 'E_MESSAGING_REFUSED'
  static message = 'You cannot exchange messages with this person.'

  /** A policy's denial that the handler answers as a messaging refusal. */
  static deny(message: string): AuthorizationResponse {
    return new MessagingDenial(message)
  }

  /** The refusal `error` is, or carries (a MessagePolicy denial), else null. */
  static of(error: unknown): E_MESSAGING_REFUSED | null {
    if (error instanceof E_MESSAGING_REFUSED) return error
    if (
      error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE &&
      error.response instanceof MessagingDenial
    ) {
      return new E_MESSAGING_REFUSED(error.response.message)
    }
    return null
  }
}

class MessagingDenial extends AuthorizationResponse {
  constructor(message: string) {
    super(false)
    this.message = message
    this.status = 403
  }
}
