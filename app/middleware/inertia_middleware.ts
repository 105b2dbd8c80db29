import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { permissionsOf } from '#enums/permissions'
import { ROLE_LABELS } from '#enums/roles'
import { menuFor } from '#services/navigation'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { unreadCount } from '#queries/notifications/notices'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    // A 404 can render before the session and auth middleware ran.
    const { auth } = ctx as Partial<HttpContext>
    const user = auth?.user

    return {
      errors: ctx.inertia.always(this.getValidationErrors(ctx)),
      auth: ctx.inertia.always(
        user
          ? {
              user: {
                id: user.id,
                name: user.name,
                email: user.email,
                position: user.isFacility ? 'Fasyankes' : (user.position ?? ''),
                roles: user.roles,
                roleLabels: user.roles.map((role) => ROLE_LABELS[role]),
                isFacility: user.isFacility,
              },
              can: permissionsOf(user.roles),
              menu: menuFor(user),
              // The top bar's "Tugas Saya" link, for whoever has a task list.
              tasksHref: user.can('tasks.view') ? urlFor('tasks') : null,
            }
          : null
      ),
      // The bell in the top bar (issue 17): unread notices, counted up to 100.
      bell: ctx.inertia.always(
        user ? { unread: await unreadCount(user.id), href: urlFor('notices.index') } : null
      ),
    }
  }

  /** success and error flash messages become toasts (spec part 1, Layout). */
  flash(ctx: HttpContext) {
    const session = (ctx as Partial<HttpContext>).session
    if (!session) return {}
    const flash: Record<string, string> = {}
    for (const type of ['success', 'error'] as const) {
      const message = session.flashMessages.get(type)
      if (typeof message === 'string' && message) flash[type] = message
    }
    return flash
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    // The session could not be read (the database is down: the answer is already a 503): no
    // flash messages to keep, and that answer stays as it is.
    const session = (ctx as Partial<HttpContext>).session
    if (session && !session.initiated) return output
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
