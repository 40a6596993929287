import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as shieldErrors } from '@adonisjs/shield'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { HttpError } from '@adonisjs/core/types/http'

/**
 * Maps errors to pages and status codes:
 * - missing records and unknown URLs → Errors/NotFound (404);
 * - authorization failures → flash + back for Inertia forms, 403 page otherwise;
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

    if (status === 404 && ctx.inertia) {
      ctx.response.status(404)
      // The handler's return value is not sent: write the page explicitly.
      return ctx.response.send(await ctx.inertia.render('Errors/NotFound', {}))
    }

    if (
      (status === 403 || error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) &&
      ctx.inertia &&
      ctx.session
    ) {
      ctx.response.status(403)
      return ctx.response.send(
        await ctx.inertia.render('Errors/Forbidden', {
          message: (error as Error).message || 'You are not allowed to do this.',
        })
      )
    }

    return super.handle(error, ctx)
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
