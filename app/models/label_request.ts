import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'

/** Spec part 2, Label request states: Pending (editable), Diserahkan (handed over), Selesai. */
export const LABEL_STATUSES = ['Pending', 'Diserahkan', 'Selesai'] as const
export type LabelStatus = (typeof LABEL_STATUSES)[number]

/** An order's calibration-label request; its items are `label_request_items`. */
export default class LabelRequest extends TimestampedModel {
  @column()
  declare orderId: number

  @column()
  declare status: LabelStatus

  @column()
  declare notes: string | null

  @column()
  declare additionalNotes: string | null

  @column()
  declare requestedBy: number | null

  @column()
  declare handedOverBy: number | null

  @column.dateTime()
  declare handedOverAt: DateTime | null

  @column()
  declare finishedBy: number | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}

/** The badge tone of each state on the label page. */
export const LABEL_STATUS_TONES: Record<LabelStatus, string> = {
  Pending: 'amber',
  Diserahkan: 'sky',
  Selesai: 'emerald',
}
