import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Certificate numbers become unique. Each lab numbers its certificates per year from a
 * counter (certificate_sequences); the number itself lives on the device line.
 *
 * Lines saved before this carried the device type's template number, so several can
 * share one. The first line (lowest id) keeps it; each later one gets its own line id
 * appended ("KAL/PK/008-1042"), which stays findable by the old number. Blank numbers
 * become NULL.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('certificate_sequences', (table) => {
      table.string('lab', 10).notNullable()
      table.integer('year').notNullable()
      table.integer('last_number').notNullable().defaultTo(0)
      table.primary(['lab', 'year'])
    })

    this.defer(async (db) => {
      await db
        .from('order_devices')
        .whereRaw("trim(certificate_number) = ''")
        .update({ certificate_number: null })
      const duplicated = await db
        .from('order_devices')
        .whereNotNull('certificate_number')
        .groupBy('certificate_number')
        .havingRaw('count(*) > 1')
        .select('certificate_number')
      for (const { certificate_number: number } of duplicated) {
        const lines = await db
          .from('order_devices')
          .where('certificate_number', number)
          .orderBy('id')
          .select('id')
        for (const { id } of lines.slice(1)) {
          await db
            .from('order_devices')
            .where('id', id)
            .update({ certificate_number: `${number}-${id}` })
        }
      }
    })

    this.schema.alterTable('order_devices', (table) => {
      table.unique(['certificate_number'], { indexName: 'order_devices_certificate_number_unique' })
    })
  }

  async down() {
    this.schema.alterTable('order_devices', (table) => {
      table.dropUnique(['certificate_number'], 'order_devices_certificate_number_unique')
    })
    this.schema.dropTable('certificate_sequences')
  }
}
