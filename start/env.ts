import { Env } from '@adonisjs/core/env'
import { metricsAllow, metricsToken } from '#services/metrics_settings'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.string(),
  TZ: Env.schema.string.optional(),
  APP_TIMEZONE: Env.schema.string.optional(),

  // `cookie` is a deprecated alias of `database` (config/session.ts).
  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory', 'cookie'] as const),
  REDIS_URL: Env.schema.string.optional(),
  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),
  // Accepted and ignored: the sign-in throttle always lives in the database now (old .env files still start).
  LIMITER_STORE: Env.schema.string.optional(),
  TRUSTED_PROXIES: Env.schema.string.optional(),
  WEB_CONCURRENCY: Env.schema.number.optional(),
  SHUTDOWN_TIMEOUT: Env.schema.number.optional(),
  // How long a client may take to send a request and its headers (app/services/http_server.ts).
  HTTP_REQUEST_TIMEOUT_MS: Env.schema.number.optional(),
  HTTP_HEADERS_TIMEOUT_MS: Env.schema.number.optional(),
  // Who may read /metrics and the detailed /health/ready (app/services/operator_access.ts).
  METRICS_TOKEN: metricsToken,
  METRICS_ALLOW: metricsAllow,

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string.optional(),
  PG_HOST: Env.schema.string.optional({ format: 'host' }),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DB_NAME: Env.schema.string.optional(),
  PG_SSL: Env.schema.boolean.optional(),
  // The web server's limit on one PostgreSQL statement and the slow-query log (ms; config/database.ts).
  DB_STATEMENT_TIMEOUT: Env.schema.number.optional(),
  DB_SLOW_QUERY_MS: Env.schema.number.optional(),

  DEMO_DATA: Env.schema.boolean.optional(),
  STORAGE_PATH: Env.schema.string.optional(),
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  LAB_NAME: Env.schema.string.optional(),
  LAB_ADDRESS: Env.schema.string.optional(),
  LAB_CITY: Env.schema.string.optional(),
  LAB_LOGO_PATH: Env.schema.string.optional(),
  LAB_PAYMENT_INSTRUCTIONS: Env.schema.string.optional(),
  CERTIFICATE_NUMBER_PATTERN: Env.schema.string.optional(),
  ORDER_MAX_DEVICES: Env.schema.number.optional(),
  LAB_DECISION_RULE: Env.schema.enum.optional(['simple', 'guard_band', 'non_binary'] as const),
  LAB_GUARD_BAND_FACTOR: Env.schema.number.optional(),
  LAB_ROUND_UNCERTAINTY_UP: Env.schema.boolean.optional(),
  LAB_MINIMUM_TUR: Env.schema.number.optional(),
  LAB_MINIMUM_READINGS: Env.schema.number.optional(),
  SQLITE_READERS: Env.schema.number.optional(),
  // The facility map's tiles: a URL template with {z}/{x}/{y} (and optionally {s}), and its credit.
  // Notifications (issue 17): Telegram, e-mail, the daily recalibration reminders.
  TELEGRAM_BOT_TOKEN: Env.schema.string.optional(),
  TELEGRAM_BOT_NAME: Env.schema.string.optional(),
  TELEGRAM_API_ROOT: Env.schema.string.optional({ format: 'url', tld: false }),
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  MAIL_FROM: Env.schema.string.optional(),
  REMINDER_HOUR: Env.schema.number.optional(),

  MAP_TILE_URL: Env.schema.string.optional(),
  MAP_TILE_ATTRIBUTION: Env.schema.string.optional(),
})
