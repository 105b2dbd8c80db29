import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { alkesOptions } from '#queries/orders/alkes_options'
import { executionYears } from '#validators/insitu_order'

/** Choices of the on-site request form: devices offered on site, facilities (staff only), years. */
export async function insituFormOptions(user: User) {
  const [alkes, facilities] = await Promise.all([
    alkesOptions('insitu'),
    user.isFacility
      ? []
      : db.from('fasyankes').select('id', 'fasyankes_name').orderBy('fasyankes_name'),
  ])
  return {
    alkes,
    facilities: facilities.map((f: any) => ({
      id: Number(f.id),
      name: f.fasyankes_name as string,
    })),
    years: executionYears(),
  }
}
