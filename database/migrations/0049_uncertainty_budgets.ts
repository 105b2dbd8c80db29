import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 37: what a point's budget and statement of conformity were computed with, kept on
 * the worksheet so its certificate prints them as saved. A standard's certificate states its
 * U with its own coverage factor, absolute or relative (in % of the value), and may state a
 * correction and the standard's resolution; the drift between two calibrations comes from the
 * corrections they state. Points and
 * uncertainties recorded before read as they were computed then: k = 2, simple acceptance.
 */
export default class extends BaseSchema {
  async up() {
    // The decision rule agreed with the facility when it requested (ISO/IEC 17025 7.1.3).
    this.schema.alterTable('orders', (table) => {
      table.string('decision_rule', 20).nullable()
      table.double('guard_factor').nullable()
    })
    this.schema.alterTable('calibrator_uncertainties', (table) => {
      table.double('coverage_factor').notNullable().defaultTo(2)
      table.boolean('relative').notNullable().defaultTo(false)
      table.double('correction').nullable()
      table.double('resolution').nullable()
    })
    this.schema.alterTable('worksheet_points', (table) => {
      table.double('reference_coverage').notNullable().defaultTo(2)
      table.boolean('reference_relative').notNullable().defaultTo(false)
      /** The standard's correction, drift (a half-width) and resolution at this point. */
      table.double('reference_correction').notNullable().defaultTo(0)
      table.double('reference_drift').notNullable().defaultTo(0)
      table.double('reference_resolution').notNullable().defaultTo(0)
      /** A prior standard deviation (pooled from the device type's history) and its ν. */
      table.double('prior_deviation').nullable()
      table.integer('prior_dof').nullable()
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
        'reference_correction',
        'reference_drift',
        'reference_resolution',
        'prior_deviation',
        'prior_dof',
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
      table.dropColumn('correction')
      table.dropColumn('resolution')
    })
    this.schema.alterTable('orders', (table) => {
      table.dropColumn('decision_rule')
      table.dropColumn('guard_factor')
    })
  }
}
