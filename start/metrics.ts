/**
 * Every answered request is counted for /metrics by its route (app/services/metrics.ts).
 * Preloaded by the web server and the tests only.
 */
import emitter from '@adonisjs/core/services/emitter'
import { recordRequest } from '#services/metrics'

emitter.on('http:request_completed', ({ ctx, duration }) => recordRequest(ctx, duration))
