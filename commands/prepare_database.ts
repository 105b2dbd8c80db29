import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Run by `npm start` after the migrations: loads the reference data (regions,
 * facility categories and classes) and, on the very first run of an
 * installation with DEMO_DATA=true, the demo accounts.
 */
export default class PrepareDatabase extends BaseCommand {
  static commandName = 'kalibra:demo'
  static description = 'Load reference data, and demo data on the first run when DEMO_DATA=true'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { seedReferenceData } = await import('#database/seeders/reference_data')
    const { seedDemoData, hasUsers } = await import('#database/seeders/demo_data')
    const { seedDemoOrders } = await import('#database/seeders/demo_orders')
    const { seedDemoInsituOrders } = await import('#database/seeders/demo_insitu_orders')
    const { default: env } = await import('#start/env')

    await seedReferenceData()
    if (!env.get('DEMO_DATA', false)) {
      this.logger.info('DEMO_DATA is off: no demo accounts loaded')
      return
    }
    if (await hasUsers()) {
      this.logger.info('Database already has accounts: demo data left as it is')
      return
    }
    await seedDemoData()
    await seedDemoOrders()
    await seedDemoInsituOrders()
    this.logger.success('Demo accounts loaded (password kalibra2026)')
  }
}
