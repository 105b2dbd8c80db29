import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Permission } from '#enums/permissions'
import ForbiddenException from '#exceptions/forbidden_exception'

/**
 * Route guard driven by the permission map: `middleware.can('officer.view')`.
 * Runs after `auth`, so a guest never reaches it.
 */
export default class CanMiddleware {
  async handle(ctx: HttpContext, next: NextFn, permission: Permission) {
    if (!ctx.auth.user?.can(permission)) throw new ForbiddenException()
    return next()
  }
}
