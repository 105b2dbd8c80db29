import Province from '#models/province'
import FasyankesCategory from '#models/fasyankes_category'
import FasyankesClass from '#models/fasyankes_class'

/** Choices for a facility form: provinces carrying their cities, categories and classes. */
export async function facilityFormOptions() {
  const [provinces, categories, classes] = await Promise.all([
    Province.query()
      .preload('regencies', (q) => q.orderBy('name'))
      .orderBy('name'),
    FasyankesCategory.query().orderBy('name'),
    FasyankesClass.query().orderBy('name'),
  ])
  return {
    provinces: provinces.map((province) => ({
      code: province.code,
      name: province.name,
      cities: province.regencies.map((city) => ({ code: city.code, name: city.name })),
    })),
    categories: categories.map(({ id, name }) => ({ id, name })),
    classes: classes.map(({ id, name }) => ({ id, name })),
    types: ['Negeri', 'Swasta'],
  }
}
