import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { safeEqual } from '@adonisjs/core/helpers'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { exposition, recordRequest } from '#services/metrics'

/**
 * Prometheus metrics (app/services/metrics.ts).
 *
 * - `GET /metrics` answers the text exposition to a scraper that sends
 *   `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
 *   401 with another token. When METRICS_TOKEN is unset the path goes on
 *   to the router like any other, which answers its usual 404: the endpoint
 *   does not exist by default.
 * - Every other request is timed and counted under its route's name once
 *   the rest of the pipeline has answered it (errors are rendered inside
 *   `next()`, so the status is final here). The cost is a clock read, three
 *   map look-ups, one increment and one histogram observe.
 *
 * A server middleware, like the health endpoints: a scrape starts no
 * session and pays for no CSRF or auth.
 */
export const METRICS_PATH = '/metrics'
const CATCH_ALL = '/*'

export default class MetricsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    if (request.url() === METRICS_PATH) {
      const secret = env.get('METRICS_TOKEN')
      const token = secret ? secret.release() : undefined
      if (token) return this.#scrape(ctx, token)
    }

    const started = process.hrtime.bigint()
    await next()
    const route = ctx.route
    const status = ctx.response.getStatus()
    // No route: a static file or asset (or a 404 from the static server);
    // the catch-all `*` route renders the 404 page of an unknown URL.
    const name = !route
      ? status < 400
        ? 'static'
        : 'unmatched'
      : route.pattern === CATCH_ALL
        ? 'unmatched'
        : (route.name ?? route.pattern)
    recordRequest(name, request.method(), status, Number(process.hrtime.bigint() - started) / 1e9)
  }

  async #scrape({ request, response }: HttpContext, token: string) {
    response.header('Cache-Control', 'no-store')
    if (request.method() !== 'GET' && request.method() !== 'HEAD') {
      response.header('Allow', 'GET, HEAD')
      return response.status(405).send('Use GET or HEAD.')
    }
    const authorization = request.header('authorization') ?? ''
    const given = authorization.startsWith('Bearer ') ? authorization.slice(7).trim() : ''
    if (!given || !safeEqual(given, token)) {
      response.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return response.status(401).send('A valid metrics token is required.')
    }
    try {
      const { contentType, body } = await exposition()
      return response.status(200).header('Content-Type', contentType).send(body)
    } catch (error) {
      logger.error({ err: error }, 'metrics: the exposition failed')
      return response.status(500).send('The metrics could not be collected.')
    }
  }
}
