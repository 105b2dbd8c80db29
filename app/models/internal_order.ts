import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, hasOne } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import Fasyankes from '#models/fasyankes'
import User from '#models/user'
import InternalAlkesOrder from '#models/internal_alkes_order'
import InternalReceive from '#models/internal_receive'
import InternalHandover from '#models/internal_handover'
import Feedback from '#models/feedback'

export default class InternalOrder extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare number: string

  @column()
  declare status: InternalStatus

  @column()
  declare userId: number | null

  @column()
  declare fasyankesId: number

  @column()
  declare letterPath: string | null

  @column.date()
  declare deliveryDateEstimation: DateTime

  @column.date()
  declare arrivalDateEstimation: DateTime

  @column()
  declare contactPersonName: string

  @column()
  declare contactPersonPhone: string

  @column()
  declare deliveryOption: string

  @column()
  declare deliveryTravelName: string | null

  @column()
  declare serviceType: string

  @column()
  declare orderDescription: string | null

  @column()
  declare estimatedMinutes: number

  @column.dateTime()
  declare estimatedCompletionAt: DateTime | null

  @column.date()
  declare certificateDate: DateTime | null

  @column()
  declare folderLink: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Fasyankes)
  declare fasyankes: BelongsTo<typeof Fasyankes>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => InternalAlkesOrder)
  declare alkesOrders: HasMany<typeof InternalAlkesOrder>

  @hasOne(() => InternalReceive)
  declare receive: HasOne<typeof InternalReceive>

  @hasOne(() => InternalHandover)
  declare handover: HasOne<typeof InternalHandover>

  @hasOne(() => Feedback)
  declare feedback: HasOne<typeof Feedback>
}
