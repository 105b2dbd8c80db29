import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 37: what a point's budget and statement of conformity were computed with, kept on
 * the worksheet so its certificate prints them as saved. A standard's certificate states its
 * U with its own coverage factor, absolute or relative (in % of the value). Points and
 * uncertainties recorded before read as they were computed then: k = 2, simple acceptance.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('calibrator_uncertainties', (table) => {
      table.double('coverage_factor').notNullable().defaultTo(2)
      table.boolean('relative').notNullable().defaultTo(false)
    })
    this.schema.alterTable('worksheet_points', (table) => {
      table.double('reference_coverage').notNullable().defaultTo(2)
      table.boolean('reference_relative').notNullable().defaultTo(false)
      table.string('decision_rule', 20).notNullable().defaultTo('simple')
      table.double('guard_factor').nullable()
      /** The coverage factor and effective degrees of freedom of U (null: infinite). */
      table.double('coverage_factor').notNullable().defaultTo(2)
      table.double('effective_dof').nullable()
      table.string('conformity', 20).nullable()
    })
  }

  async down() {
    this.schema.alterTable('worksheet_points', (table) => {
      for (const column of [
        'reference_coverage',
        'reference_relative',
        'decision_rule',
        'guard_factor',
        'coverage_factor',
        'effective_dof',
        'conformity',
      ])
        table.dropColumn(column)
    })
    this.schema.alterTable('calibrator_uncertainties', (table) => {
      table.dropColumn('coverage_factor')
      table.dropColumn('relative')
    })
  }
}
