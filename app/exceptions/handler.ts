import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as shieldErrors } from '@adonisjs/shield'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as vineErrors } from '@vinejs/vine'
import { isApiRequest } from '#middleware/web_only'
import { E_MESSAGING_REFUSED } from '#exceptions/messaging_refused_exception'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'
import { ApiProblem, sendProblem, VALIDATION_PROBLEM_TYPE } from '#services/api/problem'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { HttpError } from '@adonisjs/core/types/http'

/**
 * Maps errors to pages and status codes:
 * - missing records and unknown URLs → Errors/NotFound (404);
 * - authorization refusals (bouncer's E_AUTHORIZATION_FAILURE from any
 *   policy, MessagePolicy's E_MESSAGING_REFUSED, E_FORBIDDEN from the role
 *   check) → 403 with the policy's sentence: `{ errors: [{ message }] }`
 *   for a JSON caller (isJsonCaller), Errors/Forbidden for Inertia visits
 *   and pages, problem details for the API;
 * - rate limits → 429 with Retry-After and a readable message (flashed and
 *   back for Inertia forms, Errors/TooManyRequests for page visits);
 * - a missing/invalid CSRF token → flash + back for Inertia forms (an expired
 *   page), a bare 403 otherwise (a form posted from another site, a script);
 * - validation errors are handled by the framework (errors in props, 422 for JSON);
 * - a body that does not decode as its Content-Encoding says (gzip, deflate,
 *   br) → 400 with a message, not the zlib error as a 500.
 *
 * Every answer carries the request id in `X-Request-Id` (the framework's
 * generateRequestId, config/app.ts); an error answer also shows it, as
 * `requestId` in the JSON body and "Reference: <id>" on the plain error
 * page, so a user can quote it. The error log line has it too (`request_id`
 * from ctx.logger, and `x-request-id`).
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction
  protected renderStatusPages = app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    if (isApiRequest(ctx)) return this.apiProblem(error, ctx)
    const status = this.statusOf(error)

    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      const message = error.getResponseMessage(ctx)
      const headers = error.getDefaultHeaders()
      for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
      // A page visit (GET) cannot go "back": that page may be the limited
      // one (a search), and the redirect would loop. It gets a 429 page.
      if (
        ctx.inertia &&
        ctx.request.method() === 'GET' &&
        ctx.request.accepts(['html', 'json']) !== 'json'
      ) {
        ctx.response.status(429)
        return ctx.response.send(await ctx.inertia.render('Errors/TooManyRequests', { message }))
      }
      if (ctx.inertia && ctx.request.header('x-inertia') && ctx.session) {
        ctx.session.flash('error', message)
        ctx.session.flashErrors({ E_TOO_MANY_REQUESTS: message })
        return ctx.response.redirect().back()
      }
      return ctx.response.status(429).send({ errors: [{ message }] })
    }

    // A refusal (any policy's denial, the role check, a messaging refusal):
    // a JSON caller gets 403 `{ errors: [{ message }] }` with the sentence;
    // Inertia visits and pages get the 403 page below.
    const refused = refusalOf(error, ctx)
    if (refused && isJsonCaller(ctx)) {
      return ctx.response.status(refused.status).send({ errors: [{ message: refused.message }] })
    }

    if (isBodyDecodingError(error, ctx)) {
      const message =
        'The request body could not be read: it does not match its Content-Encoding header.'
      const json = ctx.request.accepts(['html', 'json']) === 'json'
      return ctx.response.status(400).send(json ? { errors: [{ message }] } : message)
    }

    if (error instanceof shieldErrors.E_BAD_CSRF_TOKEN && !ctx.request.header('x-inertia')) {
      const message = error.getResponseMessage(error, ctx)
      const json = ctx.request.accepts(['html', 'json']) === 'json'
      return ctx.response.status(403).send(json ? { errors: [{ message }] } : message)
    }

    if ((status === 404 || refused?.status === 404) && ctx.inertia) {
      ctx.response.status(404)
      // The handler's return value is not sent: write the page explicitly.
      return ctx.response.send(await ctx.inertia.render('Errors/NotFound', {}))
    }

    if ((status === 403 || refused) && ctx.inertia && ctx.session) {
      ctx.response.status(403)
      return ctx.response.send(
        await ctx.inertia.render('Errors/Forbidden', {
          message: refused?.message || (error as Error).message || DEFAULT_REFUSAL,
        })
      )
    }

    return super.handle(error, ctx)
  }

  /**
   * The public API (/api/v1) answers every error as RFC 9457 problem
   * details (app/services/api/problem.ts), never a page or a redirect:
   * 401 with `WWW-Authenticate: Bearer` without a usable token, 422 with
   * a message per field for validation errors, 429 with `Retry-After`, and
   * a plain sentence (plus the request id) for an unexpected failure.
   */
  private apiProblem(error: unknown, ctx: HttpContext) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as { field: string; message: string; rule: string }[]).map(
        ({ field, message, rule }) => ({ field, message, rule })
      )
      return sendProblem(ctx, 422, 'The request is not valid: see `errors`, one per field.', {
        type: VALIDATION_PROBLEM_TYPE,
        title: 'Your request parameters did not validate.',
        errors,
      })
    }
    if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
      ctx.response.header('WWW-Authenticate', 'Bearer realm="Huddle API"')
      return sendProblem(
        ctx,
        401,
        'A valid personal access token is required (Authorization: Bearer <token>). It may be missing, revoked or expired.'
      )
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      for (const [name, value] of Object.entries(error.getDefaultHeaders())) {
        ctx.response.header(name, value)
      }
      return sendProblem(ctx, 429, error.getResponseMessage(ctx))
    }
    if (error instanceof ApiProblem) return sendProblem(ctx, error.status, error.message)
    const refused = refusalOf(error, ctx)
    if (refused) return sendProblem(ctx, refused.status, refused.message)
    if (isBodyDecodingError(error, ctx)) {
      return sendProblem(
        ctx,
        400,
        'The request body could not be read: it does not match its Content-Encoding header.'
      )
    }
    const status = this.statusOf(error)
    if (status === 404)
      return sendProblem(ctx, 404, 'There is nothing here, or you may not see it.')
    if (status < 500) return sendProblem(ctx, status, (error as Error).message || 'Bad request.')
    return sendProblem(
      ctx,
      status,
      'Something went wrong on our side. Please try again; if it keeps happening, report the requestId.'
    )
  }

  async renderErrorAsJSON(error: HttpError, ctx: HttpContext) {
    if (this.isDebuggingEnabled(ctx)) return super.renderErrorAsJSON(error, ctx)
    ctx.response
      .status(error.status)
      .send({ message: publicMessage(error), requestId: ctx.request.id() ?? null })
  }

  async renderErrorAsHTML(error: HttpError, ctx: HttpContext) {
    if (this.isDebuggingEnabled(ctx)) return super.renderErrorAsHTML(error, ctx)
    const requestId = ctx.request.id()
    const reference = requestId
      ? `<p>Reference: <code>${string.escapeHTML(requestId)}</code></p>`
      : ''
    ctx.response
      .status(error.status)
      .type('html')
      .send(`<p>${string.escapeHTML(publicMessage(error))}</p>${reference}`)
  }

  async report(error: unknown, ctx: HttpContext) {
    if (isBodyDecodingError(error, ctx)) return
    return super.report(error, ctx)
  }

  private statusOf(error: unknown) {
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) return 404
    if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) return 404
    const status = (error as { status?: number })?.status
    return typeof status === 'number' ? status : 500
  }
}

const DEFAULT_REFUSAL = 'You are not allowed to do this.'

/**
 * An authorization refusal and what to answer: bouncer's
 * E_AUTHORIZATION_FAILURE from any policy (the sentence of the policy's
 * `deny(message)`, its status if it set one), a messaging refusal, or
 * E_FORBIDDEN (the role check, closed registration…). Null for any other
 * error. Bouncer's own "Access denied" (a policy that returned false)
 * becomes a sentence a user can read.
 */
function refusalOf(error: unknown, ctx: HttpContext): { status: number; message: string } | null {
  const messaging = E_MESSAGING_REFUSED.of(error)
  if (messaging) return { status: 403, message: messaging.message }
  if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
    const message = error.response.message ? error.getResponseMessage(ctx) : DEFAULT_REFUSAL
    return { status: error.response.status || 403, message }
  }
  if (error instanceof E_FORBIDDEN)
    return { status: 403, message: error.message || DEFAULT_REFUSAL }
  return null
}

/**
 * A script's or fetch()'s request that wants data, not a page: it prefers
 * JSON (`Accept: application/json`) or says it is XHR (`X-Requested-With:
 * XMLHttpRequest`), and it is not an Inertia visit (which sends both
 * X-Inertia and X-Requested-With, and gets pages).
 */
function isJsonCaller(ctx: HttpContext) {
  if (ctx.request.header('x-inertia')) return false
  return ctx.request.accepts(['html', 'json']) === 'json' || ctx.request.ajax()
}

/**
 * zlib (Z_DATA_ERROR "incorrect header check", Z_BUF_ERROR…) and brotli
 * (ERR__ERROR_FORMAT_…) errors raised while the bodyparser inflates a
 * request body whose Content-Encoding is not `identity`.
 */
function isBodyDecodingError(error: unknown, ctx: HttpContext) {
  const encoding = ctx.request.header('content-encoding')
  if (!encoding || encoding.toLowerCase() === 'identity') return false
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI)/.test(code)
}

/**
 * What a client may read of an error in production: the message of a 4xx
 * (written for the user), never the text of an unexpected failure, which
 * can name tables, files or hosts (it is in the log, with the request id).
 */
function publicMessage(error: HttpError) {
  return error.status >= 500
    ? 'Something went wrong on our side. Please try again; if it keeps happening, report the reference.'
    : error.message
}
