import type { ApplicationService } from '@adonisjs/core/types'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'

/**
 * Shield's middleware built once instead of for every request. Its own provider binds it
 * per request, and each build imported edge.js again (a trip through the module loader,
 * the largest single cost of a light request) and had edge make a renderer only to share
 * CSRF helpers that no template of this app uses (pages are Inertia; forms send the
 * XSRF-TOKEN cookie's value). The guards themselves hold no request state.
 */
export default class ShieldOnceProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ShieldMiddleware, async () => {
      const config = this.app.config.get<any>('shield', {})
      const encryption = await this.app.container.make('encryption')
      return new ShieldMiddleware(config, encryption.use())
    })
  }
}
