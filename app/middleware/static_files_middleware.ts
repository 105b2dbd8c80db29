import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/** A path whose last segment has a dot (`/assets/app-1a2b.js`, `/favicon.svg`): maybe a file. */
export function mayBeFile(url: string) {
  const last = url.slice(url.lastIndexOf('/') + 1)
  return last.includes('.')
}

/**
 * The files of public/ (config/static.ts), looked for only where a file can be: every file
 * there has an extension, while pages and JSON never do, so those are not checked against
 * the disk first (a stat per request, on every list and page).
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(protected files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (!mayBeFile(ctx.request.url())) return next()
    return this.files.handle(ctx, next)
  }
}
