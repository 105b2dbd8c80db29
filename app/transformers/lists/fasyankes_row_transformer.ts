import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A row of the facility register (`fasyankesList`, spec part 1: Fasyankes): a `fasyankes` row
 * with its province and city names, its category and class, and its account's login email.
 */
export default class FasyankesRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    return {
      id: Number(raw.id),
      fasyankes_name: raw.fasyankes_name as string,
      phone: raw.phone as string | null,
      address: raw.address as string | null,
      type: raw.type as string,
      province: raw.province_name as string | null,
      province_code: raw.province_code as string | null,
      city: raw.city_name as string | null,
      city_code: raw.city_code as string | null,
      category: raw.category_id
        ? { id: Number(raw.category_id), name: raw.category_name as string }
        : null,
      class: raw.class_id ? { id: Number(raw.class_id), name: raw.class_name as string } : null,
      pic: raw.pic as string | null,
      pic_phone: raw.pic_phone as string | null,
      email: raw.email as string | null,
      latitude: raw.latitude === null ? null : Number(raw.latitude),
      longitude: raw.longitude === null ? null : Number(raw.longitude),
    }
  }
}
