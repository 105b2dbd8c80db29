import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { operatorAccess } from '#services/operator_access'
import { readiness } from '#services/health_checks'
import { metricsExposition, routeOfRequest } from '#services/metrics'

/**
 * GET /health/live, /health/ready and /metrics for the lab's operators, load balancers and
 * Prometheus (README, "Operating"). They are answered here, in the server middleware before
 * the router, so none of them runs the router's middleware: no body parsing, no session (a
 * scrape every 15 s writes no session row), no CSRF cookie, no sign-in.
 *
 * - /health/live: the process answers; nothing else is looked at. Open to all.
 * - /health/ready: 200 or 503 from the checks (app/services/health_checks.ts). Open to all
 *   with `{ status }` only, so a load balancer needs no token; the checks and their reasons
 *   only for a caller operatorAccess grants.
 * - /metrics: Prometheus text, for a granted caller only: 401 otherwise, 404 while neither
 *   METRICS_TOKEN nor METRICS_ALLOW is set.
 */
export default class OperatorEndpointsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    const method = request.method()
    if (method !== 'GET' && method !== 'HEAD') return next()
    const path = request.url()
    if (path === '/health/live') {
      routeOfRequest(ctx, path)
      return response.ok({ status: 'ok' })
    }
    if (path === '/health/ready') {
      routeOfRequest(ctx, path)
      const ready = await readiness()
      const status = ready.ok ? 'ok' : 'fail'
      const detailed = operatorAccess(request) === 'granted'
      return response
        .status(ready.ok ? 200 : 503)
        .json(detailed ? { status, checks: ready.checks } : { status })
    }
    if (path === '/metrics') {
      routeOfRequest(ctx, path)
      const access = operatorAccess(request)
      if (access === 'closed') return response.notFound({ message: 'Tidak ditemukan.' })
      if (access === 'refused') {
        response.header('WWW-Authenticate', 'Bearer realm="kalibra-metrics"')
        return response.unauthorized({ message: 'Token atau alamat tidak diizinkan.' })
      }
      try {
        const { contentType, body } = await metricsExposition()
        return response.header('Content-Type', contentType).send(body)
      } catch (error) {
        ctx.logger.error({ err: error }, 'metrics could not be gathered')
        return response.serviceUnavailable({ message: 'Metrik tidak dapat dikumpulkan.' })
      }
    }
    return next()
  }
}
