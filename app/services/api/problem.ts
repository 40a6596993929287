import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * RFC 9457 problem details, the body of every error of the public API
 * (`application/problem+json`). `type` stays `about:blank` (the status
 * says it all) except for validation errors, which list a message per
 * field in `errors`. `requestId` is the `X-Request-Id` to quote.
 */
export interface ProblemDetails {
  type: string
  title: string
  status: number
  detail: string
  instance: string
  requestId: string | null
  errors?: { field: string; message: string; rule: string }[]
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'
export const VALIDATION_PROBLEM_TYPE = 'https://huddle.invalid/problems/validation'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function problemTitle(status: number) {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error')
}

/** Writes a problem answer on the response (the caller returns). */
export function sendProblem(
  ctx: HttpContext,
  status: number,
  detail: string,
  extra: Partial<Pick<ProblemDetails, 'type' | 'title' | 'errors'>> = {}
) {
  const body: ProblemDetails = {
    type: extra.type ?? 'about:blank',
    title: extra.title ?? problemTitle(status),
    status,
    detail,
    instance: ctx.request.url(),
    requestId: ctx.request.id() ?? null,
    ...(extra.errors ? { errors: extra.errors } : {}),
  }
  ctx.response.status(status)
  ctx.response.header('Content-Type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
  ctx.response.send(JSON.stringify(body))
}

/** An API error with its status and a sentence for the client. */
export class ApiProblem extends Exception {
  constructor(status: number, detail: string) {
    super(detail, { status, code: 'E_API_PROBLEM' })
  }
}
