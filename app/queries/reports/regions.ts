import db from '@adonisjs/lucid/services/db'

/**
 * What the region tables roll services up by: every facility's province, city and category,
 * and the names of those. A few thousand small rows, read once per report.
 */
export interface FacilityPlace {
  province: string | null
  city: string | null
  category: number | null
}

export interface Category {
  id: number | null
  name: string
}

export const NO_CATEGORY = 'Tanpa Kategori'
export const NO_REGION = 'Tidak diketahui'

export async function facilityPlaces(province: string | null) {
  const query = db.from('fasyankes').select('id', 'province_code', 'city_code', 'category_id')
  if (province) query.where('province_code', province)
  const places = new Map<number, FacilityPlace>()
  for (const row of await query) {
    places.set(Number(row.id), {
      province: row.province_code ?? null,
      city: row.city_code ?? null,
      category: row.category_id === null ? null : Number(row.category_id),
    })
  }
  return places
}

/** The facility categories, plus 'Tanpa Kategori' when some facility has none. */
export async function categoriesOf(places: Map<number, FacilityPlace>): Promise<Category[]> {
  const rows = await db.from('fasyankes_categories').select('id', 'name').orderBy('id')
  const categories: Category[] = rows.map((row) => ({ id: Number(row.id), name: row.name }))
  if ([...places.values()].some((place) => place.category === null)) {
    categories.push({ id: null, name: NO_CATEGORY })
  }
  return categories
}

/** Province or city names by code. */
export async function regionNames(level: 'province' | 'city', province: string | null) {
  const query =
    level === 'province'
      ? db.from('provinces').select('code', 'name')
      : db.from('regencies').select('code', 'name', 'province_code')
  if (level === 'city' && province) query.where('province_code', province)
  const names = new Map<string, string>()
  for (const row of await query) names.set(row.code, row.name)
  return names
}
