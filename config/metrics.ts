import env from '#start/env'

/**
 * Who may read /metrics and the checks behind /health/ready (README, "Operating"): a caller
 * that sends METRICS_TOKEN as a bearer token, or one whose address (request.ip(): behind a
 * proxy named in TRUSTED_PROXIES, the client's) is in METRICS_ALLOW. With neither set, nobody:
 * /metrics answers 404 and /health/ready only its status.
 */
const metricsConfig = {
  token: env.get('METRICS_TOKEN'),
  allow: env.get('METRICS_ALLOW', ''),
}

export default metricsConfig
