import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Fasyankes from '#models/fasyankes'
import User from '#models/user'
import UserRole from '#models/user_role'
import { auditAccountUpdate, audit, changes, inTransaction, type Actor } from '#services/audit'
import { endUserSessionsOnCommit } from '#services/user_sessions'
import { lockModel } from '#services/row_locks'

export interface FasyankesInput {
  fasyankes_name: string
  phone: string
  address: string
  type: 'Negeri' | 'Swasta'
  province: string
  city: string
  category_id: number
  class_id: number
  pic: string
  pic_phone: string
  latitude: number
  longitude: number
  email: string
  password?: string | null
}

/** The facility's own fields; the profile form has no map position, so it may be left out. */
type FacilityFields = Omit<FasyankesInput, 'latitude' | 'longitude' | 'email' | 'password'> &
  Partial<Pick<FasyankesInput, 'latitude' | 'longitude'>>

/** A facility's fields as the model names them, from the form's names. */
export function fasyankesAttributes(input: FacilityFields) {
  return {
    fasyankesName: input.fasyankes_name,
    phone: input.phone,
    address: input.address,
    type: input.type,
    provinceCode: input.province,
    cityCode: input.city,
    categoryId: input.category_id,
    classId: input.class_id,
    pic: input.pic,
    picPhone: input.pic_phone,
    ...(input.latitude !== undefined && { latitude: input.latitude, longitude: input.longitude }),
  }
}

/** A facility in the form's field names: what the edit form shows and what the audit compares. */
export function fasyankesFormValues(facility: Fasyankes, email: string | null) {
  return {
    fasyankes_name: facility.fasyankesName,
    phone: facility.phone,
    address: facility.address,
    type: facility.type,
    province: facility.provinceCode,
    city: facility.cityCode,
    category_id: facility.categoryId,
    class_id: facility.classId,
    pic: facility.pic,
    pic_phone: facility.picPhone,
    latitude: facility.latitude,
    longitude: facility.longitude,
    email,
  }
}

/** The facility's one login, with the `fasyankes` role. */
async function createAccount(
  facility: Fasyankes,
  input: FasyankesInput,
  password: string,
  client: TransactionClientContract
) {
  const account = await User.create(
    { name: input.fasyankes_name, email: input.email, password, fasyankesId: facility.id },
    { client }
  )
  await UserRole.create({ userId: account.id, role: 'fasyankes' }, { client })
}

/** A facility and its one `fasyankes` login are created together (domain decisions). */
export async function createFasyankes(
  actor: Actor,
  input: FasyankesInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    const facility = await Fasyankes.create(fasyankesAttributes(input), { client })
    await createAccount(facility, input, input.password!, client)
    await audit(
      actor,
      {
        action: 'fasyankes.create',
        subjectType: 'fasyankes',
        subjectId: facility.id,
        to: fasyankesFormValues(facility, input.email),
      },
      client
    )
    return facility
  }
  return inTransaction(trx, run)
}

export async function updateFasyankes(
  actor: Actor,
  facility: Fasyankes,
  input: FasyankesInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    await lockModel(client, facility)
    facility.useTransaction(client)
    const account = await User.query({ client }).where('fasyankes_id', facility.id).first()
    const diff = changes(
      fasyankesFormValues(facility, account?.email ?? null),
      fasyankesFormValues(new Fasyankes().merge(fasyankesAttributes(input)), input.email)
    )
    facility.merge(fasyankesAttributes(input))
    await facility.save()
    if (account) {
      account.merge({ name: input.fasyankes_name, email: input.email })
      if (input.password) account.password = input.password
      await account.save()
      // A new password signs the facility out everywhere.
      if (input.password) endUserSessionsOnCommit(client, account.id)
    } else if (input.password) {
      await createAccount(facility, input, input.password, client)
    }
    if (diff.changed || input.password) {
      const subject = {
        action: 'fasyankes.update',
        subjectType: 'fasyankes',
        subjectId: facility.id,
      }
      await auditAccountUpdate(actor, subject, diff, input.password, client)
    }
    return facility
  }
  return inTransaction(trx, run)
}
