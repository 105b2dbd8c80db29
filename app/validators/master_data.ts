import vine from '@vinejs/vine'
import { number, rupiah, staffUserId } from '#validators/rules/number'
import { FASYANKES_TYPES } from '#enums/fasyankes'
import {
  ALKES_LABORATORIES,
  CALIBRATOR_CONDITIONS,
  TYPE_MODEL_CATEGORIES,
} from '#enums/master_data'
import { ROLES } from '#enums/roles'
import type { OrderType } from '#enums/order_types'
import { ORDER_TYPE_INFO, ORDER_TYPES } from '#workflows/order_types'
import { newPasswordRule } from '#validators/rules/strong_password'
import { notTaken } from '#validators/rules/not_taken'

/**
 * Field rules of the master-data forms. The batch uploads validate each
 * spreadsheet row with the same rules, so a value the form refuses is refused
 * in a file too.
 */
const phone = () =>
  vine
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{6,30}$/)
const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()
const email = () => vine.string().trim().toLowerCase().email().maxLength(254)

type WithId = { id?: number }

export const officerFields = {
  name: vine.string().trim().minLength(3).maxLength(150),
  nip: vine
    .string()
    .trim()
    .regex(/^[0-9]{8,30}$/)
    .unique(notTaken('users', 'nip')),
  rank: vine.string().trim().maxLength(100),
  position: vine.string().trim().maxLength(150),
  email: email().unique(notTaken('users', 'email')),
}

/** The officer's own name and email are the first guesses against its password. */
const officerPassword = () =>
  newPasswordRule({ fields: ['name', 'email'] })
    .sameAs('confirmation_password')
    .nullable()
    .optional()

/**
 * Without a password the account gets an unusable one until the officer sets
 * their own through a set-password link; who may send one is checked by the
 * controller (app/services/role_grants.ts `mayManageAccount`).
 */
export const createOfficerValidator = vine.withMetaData<WithId>().create({
  ...officerFields,
  password: officerPassword(),
  confirmation_password: vine.string().nullable().optional(),
})

export const updateOfficerValidator = vine.withMetaData<WithId>().create({
  ...officerFields,
  password: officerPassword(),
  confirmation_password: vine.string().nullable().optional(),
})

export const officerRolesValidator = vine.create({
  roles: vine.array(vine.enum(ROLES)).distinct().maxLength(ROLES.length),
})

export const fasyankesFields = {
  fasyankes_name: vine.string().trim().minLength(3).maxLength(200),
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
  category_id: number().withoutDecimals().exists({ table: 'fasyankes_categories', column: 'id' }),
  class_id: number().withoutDecimals().exists({ table: 'fasyankes_classes', column: 'id' }),
  pic: vine.string().trim().minLength(3).maxLength(150),
  pic_phone: phone(),
  // Indonesia's bounding box: 6°N to 11°S, 95°E to 141°E.
  latitude: number().range([-11.5, 6.5]),
  longitude: number().range([94.5, 141.5]),
}

/** The account email belongs to the facility's login (users table). */
const accountEmail = () =>
  email().unique({
    table: 'users',
    column: 'email',
    caseInsensitive: true,
    filter: (db, _value, field) => {
      const meta = field.meta as { fasyankesId?: number }
      if (meta.fasyankesId) {
        db.where((q) => q.whereNull('fasyankes_id').orWhereNot('fasyankes_id', meta.fasyankesId!))
      }
    },
  })

const facilityPassword = () =>
  newPasswordRule({ fields: ['fasyankes_name', 'email', 'pic'] }).sameAs('c_password')

export const createFasyankesValidator = vine.withMetaData<{ fasyankesId?: number }>().create({
  ...fasyankesFields,
  email: accountEmail(),
  password: facilityPassword(),
  c_password: vine.string(),
})

export const updateFasyankesValidator = vine.withMetaData<{ fasyankesId?: number }>().create({
  ...fasyankesFields,
  email: accountEmail(),
  password: facilityPassword().nullable().optional(),
  c_password: vine.string().nullable().optional(),
})

const flag = () => vine.boolean()

type ServiceField = (typeof ORDER_TYPE_INFO)[OrderType]['serviceField']

/** The device type's services: a yes/no field per order type, named by the registry. */
const serviceFlags = () =>
  Object.fromEntries(ORDER_TYPES.map((type) => [ORDER_TYPE_INFO[type].serviceField, flag()])) as {
    [field in ServiceField]: ReturnType<typeof flag>
  }

export const alkesFields = {
  name: vine.string().trim().minLength(2).maxLength(200),
  laboratory: vine.enum(ALKES_LABORATORIES),
  category: optionalText(100),
  price: rupiah().min(0).max(10_000_000_000),
  minute_estimation: number().withoutDecimals().min(0).max(100_000),
  alkes_code: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(50)
    .unique(notTaken('alkes', 'alkes_code')),
  mk_code: optionalText(50),
  aspak_code: optionalText(50),
  certificate_number: optionalText(100),
  total_page: number().withoutDecimals().min(0).max(1000).nullable().optional(),
  recalibration_months: number().withoutDecimals().range([1, 120]),
  is_tuntung_seharian: flag(),
  // One flag per order type, as the spec names them (`is_internal`, `is_insitu`).
  ...serviceFlags(),
  pengujian_is_kan: flag(),
  kalibrasi_is_kan: flag(),
  has_laik_description: flag(),
}

export const alkesValidator = vine.withMetaData<WithId>().create(alkesFields)

export const calibratorFields = {
  name: vine.string().trim().minLength(2).maxLength(200),
  merk: optionalText(100),
  type_model_category: vine.enum(TYPE_MODEL_CATEGORIES),
  type_model: optionalText(100),
  serial_number: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(100)
    .unique(notTaken('calibrators', 'serial_number')),
  channel_count: number().withoutDecimals().range([1, 1000]),
  bpfk_user_id: staffUserId().nullable().optional(),
  unit_id: number().withoutDecimals().exists({ table: 'units', column: 'id' }),
  calibrator_condition: vine.enum(CALIBRATOR_CONDITIONS),
  last_calibration_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .nullable()
    .optional(),
  next_calibration_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterField('last_calibration_date', { compare: 'day' })
    .nullable()
    .optional(),
}

export const calibratorValidator = vine.withMetaData<WithId>().create(calibratorFields)
