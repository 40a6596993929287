import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { ReadinessChecks, summarize } from '#services/health/checks'

/**
 * Health endpoints for load balancers, orchestrators and uptime monitors:
 *
 * - `GET /health`: liveness. 200 while the process serves requests; touches
 *   nothing else, so a busy database never gets a healthy node restarted.
 * - `GET /health/ready`: readiness. 200 when the database, Redis (when
 *   configured) and the data disks are usable, 503 otherwise, with each
 *   check's name and status only.
 *
 * They answer before routing (a server middleware): probes every few
 * seconds must not start sessions, read cookies or pay for CSRF and auth,
 * and they answer even when the router middleware would fail. Both are
 * unauthenticated and reveal no versions, paths, sizes or error messages.
 */
export const LIVENESS_PATH = '/health'
export const READINESS_PATH = '/health/ready'

export default class HealthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const path = ctx.request.url()
    if (path !== LIVENESS_PATH && path !== READINESS_PATH) return next()

    const method = ctx.request.method()
    const { response } = ctx
    response.header('Cache-Control', 'no-store')
    if (method !== 'GET' && method !== 'HEAD') {
      response.header('Allow', 'GET, HEAD')
      return response.status(405).send({ status: 'error', message: 'Use GET or HEAD.' })
    }
    if (path === LIVENESS_PATH) return response.status(200).send({ status: 'ok' })

    try {
      const checks = await app.container.make(ReadinessChecks)
      const { healthy, report } = await checks.run()
      if (!healthy) {
        logger.warn({ checks: report.checks }, 'health: not ready')
      }
      return response.status(healthy ? 200 : 503).send(summarize(report))
    } catch (error) {
      logger.error({ err: error }, 'health: the readiness checks failed to run')
      return response.status(503).send({ status: 'error', checks: {} })
    }
  }
}
