import vine from '@vinejs/vine'
import { FASYANKES_TYPES } from '#enums/fasyankes'

const phone = () =>
  vine
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{6,30}$/)

export const staffProfileValidator = vine.withMetaData<{ userId: number }>().create({
  name: vine.string().trim().minLength(3).maxLength(150),
  nip: vine
    .string()
    .trim()
    .regex(/^[0-9]{8,30}$/)
    .unique({
      table: 'users',
      column: 'nip',
      filter: (db, _value, field) => {
        db.whereNot('id', field.meta.userId)
      },
    })
    .nullable(),
  rank: vine.string().trim().maxLength(100).nullable(),
  position: vine.string().trim().maxLength(150).nullable(),
})

export const facilityProfileValidator = vine.withMetaData<{ userId: number }>().create({
  name: vine.string().trim().minLength(3).maxLength(200),
  phone: phone(),
  address: vine.string().trim().minLength(5).maxLength(500),
  type: vine.enum(FASYANKES_TYPES),
  province: vine.string().trim().exists({ table: 'provinces', column: 'code' }),
  city: vine
    .string()
    .trim()
    .exists({
      table: 'regencies',
      column: 'code',
      filter: (db, _value, field) => {
        db.where('province_code', String(field.parent.province ?? ''))
      },
    }),
  category_id: vine
    .number()
    .withoutDecimals()
    .exists({ table: 'fasyankes_categories', column: 'id' }),
  class_id: vine.number().withoutDecimals().exists({ table: 'fasyankes_classes', column: 'id' }),
  pic_name: vine.string().trim().minLength(3).maxLength(150),
  pic_phone: phone(),
  email: vine
    .string()
    .trim()
    .toLowerCase()
    .email()
    .maxLength(254)
    .unique({
      table: 'users',
      column: 'email',
      filter: (db, _value, field) => {
        db.whereNot('id', field.meta.userId)
      },
    }),
})
