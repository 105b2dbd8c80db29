import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { labToday } from '#services/format'
import { DELIVERY_OPTIONS, SERVICE_TYPES } from '#workflows/internal_order_workflow'
import { alkesOptions } from '#queries/orders/alkes_options'
import { holidayDates } from '#services/holidays'

/** Choices of the Alat Datang order form: devices, facilities (staff only), holidays for the estimate. */
export async function internalFormOptions(user: User) {
  const [alkes, facilities, holidays] = await Promise.all([
    alkesOptions('internal'),
    user.isFacility
      ? []
      : db.from('fasyankes').select('id', 'fasyankes_name').orderBy('fasyankes_name'),
    holidayDates(),
  ])
  return {
    alkes,
    facilities: facilities.map((f: any) => ({
      id: Number(f.id),
      name: f.fasyankes_name as string,
    })),
    holidays,
    deliveryOptions: [...DELIVERY_OPTIONS],
    serviceTypes: [...SERVICE_TYPES],
    today: labToday(),
  }
}
