import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TimestampedModel } from '#models/base_models'
import User from '#models/user'
import type { ServiceLab } from '#enums/labs'
import type { LoanStatus } from '#enums/loan_statuses'

/**
 * A calibrator loan group (spec part 1: PJM/2026/11/0001): who borrows, why, until when, and
 * the decision of each lab whose calibrators it holds. Its lines are `calibrator_loan_lines`,
 * the orders it serves `calibrator_loan_orders`.
 */
export default class CalibratorLoan extends TimestampedModel {
  @column()
  declare number: string

  @column()
  declare borrowerId: number

  @column()
  declare notes: string | null

  @column()
  declare loanDescription: string | null

  @column.date()
  declare plannedReturnDate: DateTime

  @column()
  declare status: LoanStatus

  @column()
  declare pkOfficerId: number | null

  @column()
  declare pkStatus: LoanStatus | null

  @column()
  declare pkReason: string | null

  @column()
  declare ukprOfficerId: number | null

  @column()
  declare ukprStatus: LoanStatus | null

  @column()
  declare ukprReason: string | null

  @column()
  declare sarprasOfficerId: number | null

  @column()
  declare sarprasStatus: LoanStatus | null

  @column()
  declare sarprasReason: string | null

  @column.dateTime()
  declare returnedAt: DateTime | null

  @belongsTo(() => User, { foreignKey: 'borrowerId' })
  declare borrower: BelongsTo<typeof User>

  /** The decision of one lab: null when the loan holds none of its calibrators. */
  labDecision(lab: ServiceLab) {
    return {
      officerId: this[`${lab}OfficerId`],
      status: this[`${lab}Status`],
      reason: this[`${lab}Reason`],
    }
  }
}
