import vine from '@vinejs/vine'
import { fasyankesFields } from '#validators/master_data'
import { notTaken } from '#validators/rules/not_taken'

export const staffProfileValidator = vine.withMetaData<{ userId: number }>().create({
  name: vine.string().trim().minLength(3).maxLength(150),
  nip: vine
    .string()
    .trim()
    .regex(/^[0-9]{8,30}$/)
    .unique(notTaken('users', 'nip', 'userId'))
    .nullable(),
  rank: vine.string().trim().maxLength(100).nullable(),
  position: vine.string().trim().maxLength(150).nullable(),
})

/** The facility's own account form: the master-data facility rules under the spec's profile names. */
export const facilityProfileValidator = vine.withMetaData<{ userId: number }>().create({
  name: fasyankesFields.fasyankes_name,
  phone: fasyankesFields.phone,
  address: fasyankesFields.address,
  type: fasyankesFields.type,
  province: fasyankesFields.province,
  city: fasyankesFields.city,
  category_id: fasyankesFields.category_id,
  class_id: fasyankesFields.class_id,
  pic_name: fasyankesFields.pic,
  pic_phone: fasyankesFields.pic_phone,
  email: vine
    .string()
    .trim()
    .toLowerCase()
    .email()
    .maxLength(254)
    .unique(notTaken('users', 'email', 'userId')),
})
