import db from '@adonisjs/lucid/services/db'
import Alkes from '#models/alkes'
import type { OrderType } from '#enums/order_types'

type AlkesAttributes = Parameters<typeof Alkes.create>[0]

/** Offers a device type for these services (order types) alone, as the Alkes form saves them. */
export async function offerServices(alkes: Pick<Alkes, 'id'>, services: readonly OrderType[]) {
  await db.from('alkes_services').where('alkes_id', alkes.id).delete()
  if (!services.length) return
  await db
    .table('alkes_services')
    .multiInsert(services.map((type) => ({ alkes_id: alkes.id, order_type: type })))
}

/** A device type with its row's attributes, offered for `services`. */
export async function createDeviceType(
  attributes: AlkesAttributes,
  services: readonly OrderType[]
) {
  const alkes = await Alkes.create(attributes)
  await offerServices(alkes, services)
  return alkes
}
