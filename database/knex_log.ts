import logger from '@adonisjs/core/services/logger'

/**
 * The messages of knex itself, as Lucid logs them, but for "Acquire connection error": knex
 * logs one for every query that found no connection, and throws the error to the caller all
 * the same. With the database down that is one warning per request; the caller's answer
 * decides instead (an unreachable database is logged once per outage,
 * app/services/database_outage.ts; any other failure as the request's error).
 */
export const knexLog = {
  warn(message: string) {
    if (/^Acquire connection error/.test(message)) return
    logger.warn(message)
  },
  error(message: string) {
    logger.error(message)
  },
  deprecate(message: string) {
    logger.info(message)
  },
  debug(message: string) {
    logger.debug(message)
  },
}
