import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Loads the reference data and, on the very first run of an installation with DEMO_DATA=true,
 * the demo data. The demo orders go through the app's actions, which may need the whole app
 * started: kalibra:prepare, which starts only the providers, passes `beforeDemo` to start it.
 */
export async function loadData(
  logger: BaseCommand['logger'],
  beforeDemo: () => Promise<unknown> = async () => {}
) {
  const { seedReferenceData } = await import('#database/seeders/reference_data')
  const { hasUsers } = await import('#database/seeders/demo_data')
  const { default: env } = await import('#start/env')

  await seedReferenceData()
  if (!env.get('DEMO_DATA', false)) {
    logger.info('DEMO_DATA is off: no demo accounts loaded')
    return
  }
  if (await hasUsers()) {
    logger.info('Database already has accounts: demo data left as it is')
    return
  }
  await beforeDemo()
  // The actions' notices link to routes by name (urlFor); outside the web server nothing commits
  // the routes.
  const { default: router } = await import('@adonisjs/core/services/router')
  router.commit()
  const { seedDemoData } = await import('#database/seeders/demo_data')
  const { seedDemoOrders } = await import('#database/seeders/demo_orders')
  const { seedDemoInsituOrders } = await import('#database/seeders/demo_insitu_orders')
  const { seedDemoCertificates } = await import('#database/seeders/demo_certificates')
  await seedDemoData()
  await seedDemoOrders()
  await seedDemoInsituOrders()
  await seedDemoCertificates()
  logger.success('Demo accounts loaded (password kalibra2026)')
}

/**
 * Loads the reference data (regions, facility categories and classes) and, on the very first
 * run of an installation with DEMO_DATA=true, the demo accounts. `npm start` runs it as part of
 * kalibra:prepare (commands/prepare_app.ts), after the migrations.
 */
export default class PrepareDatabase extends BaseCommand {
  static commandName = 'kalibra:demo'
  static description = 'Load reference data, and demo data on the first run when DEMO_DATA=true'
  static options: CommandOptions = { startApp: true }

  async run() {
    await loadData(this.logger)
  }
}
