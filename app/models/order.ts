import type { DecisionRule } from '#shared/decision_rules'
import { DateTime } from 'luxon'
import { belongsTo, column, hasMany, hasOne } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo, HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import type { OrderType } from '#enums/order_types'
import Fasyankes from '#models/fasyankes'
import User from '#models/user'
import OrderDevice from '#models/order_device'
import OrderFile from '#models/order_file'
import Feedback from '#models/feedback'
import Invoice from '#models/invoice'
import InternalOrder from '#models/internal_order'
import InternalReceive from '#models/internal_receive'
import InternalHandover from '#models/internal_handover'
import InsituOrder from '#models/insitu_order'
import InsituLabPlan from '#models/insitu_lab_plan'
import InsituTeamMember from '#models/insitu_team_member'
import LabelRequest from '#models/label_request'

/**
 * An order of either type: what both share. Type-specific data lives in its
 * own table (`internal` for incoming-equipment orders).
 */
export default class Order extends TimestampedModel {
  @column()
  declare type: OrderType

  @column()
  declare number: string

  @column()
  declare status: string

  @column()
  declare fasyankesId: number

  /** The decision rule agreed when the facility requested (null: from before; the lab's). */
  @column()
  declare decisionRule: DecisionRule | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare guardFactor: number | null

  @column()
  declare userId: number | null

  @column()
  declare folderLink: string | null

  @column.date()
  declare certificateDate: DateTime | null

  @column.date()
  declare paymentConfirmDate: DateTime | null

  /** Billable device lines (all but BATAL UJI) and their total: app/actions/orders/order_totals.ts. */
  @column({ consume: (value) => Number(value) })
  declare deviceCount: number

  @column({ consume: (value) => Number(value) })
  declare totalPrice: number

  @column({ consume: (value) => Number(value) })
  declare invoiceStage: number

  /** Its billing state's code (app/enums/billing_states.ts), kept by the invoice actions. */
  @column({ consume: (value) => Number(value) })
  declare billingState: number

  @column.dateTime()
  declare billingChangedAt: DateTime | null

  /** When the order entered its status (the age My tasks shows). */
  @column.dateTime({ autoCreate: true })
  declare statusChangedAt: DateTime

  @belongsTo(() => Fasyankes)
  declare fasyankes: BelongsTo<typeof Fasyankes>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => OrderDevice)
  declare devices: HasMany<typeof OrderDevice>

  @hasMany(() => OrderFile)
  declare files: HasMany<typeof OrderFile>

  @hasMany(() => Invoice)
  declare invoices: HasMany<typeof Invoice>

  @hasOne(() => Feedback)
  declare feedback: HasOne<typeof Feedback>

  @hasOne(() => InternalOrder)
  declare internal: HasOne<typeof InternalOrder>

  @hasOne(() => InternalReceive)
  declare receive: HasOne<typeof InternalReceive>

  @hasOne(() => InternalHandover)
  declare handover: HasOne<typeof InternalHandover>

  @hasOne(() => InsituOrder)
  declare insitu: HasOne<typeof InsituOrder>

  @hasMany(() => InsituLabPlan)
  declare labPlans: HasMany<typeof InsituLabPlan>

  /** On-site orders: the officers of each lab's team (their worksheet access). */
  @hasMany(() => InsituTeamMember)
  declare teamMembers: HasMany<typeof InsituTeamMember>

  /** The device lines an officer is assigned to (only their officer): who works on the order. */
  @hasMany(() => OrderDevice, {
    onQuery: (query) => query.select('id', 'order_id', 'officer_id').whereNotNull('officer_id'),
  })
  declare assignedLines: HasMany<typeof OrderDevice>

  @hasOne(() => LabelRequest)
  declare labelRequest: HasOne<typeof LabelRequest>
}
