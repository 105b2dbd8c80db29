import type { ReactNode } from 'react'
import { SelectField } from '~/components/ui/field'
import { RegionFields, type ProvinceOption } from '~/components/form/region_fields'
import { bind, type FormLike } from '~/lib/bind'
import { optionsOf } from '~/lib/options'

/** The choices the server sends a facility form (`facilityFormOptions`). */
export type FacilityOptions = {
  provinces: ProvinceOption[]
  categories: { id: number; name: string }[]
  classes: { id: number; name: string }[]
  types: string[]
}

type FacilityField = 'category_id' | 'class_id' | 'type' | 'province' | 'city'

/**
 * A facility's category, class and ownership, then its province and city: the same fields in
 * the master-data form and in the facility's own profile. `beforeRegion` fills the grid cell
 * between them.
 */
export function FacilityFields({
  form,
  options,
  required = false,
  beforeRegion,
}: {
  form: FormLike<Record<FacilityField, string>>
  options: FacilityOptions
  required?: boolean
  beforeRegion?: ReactNode
}) {
  const choices: [FacilityField, string, { value: string; label: string }[]][] = [
    ['category_id', 'Kategori', optionsOf(options.categories)],
    ['class_id', 'Kelas', optionsOf(options.classes)],
    ['type', 'Jenis', options.types.map((t) => ({ value: t, label: t }))],
  ]
  return (
    <>
      {choices.map(([name, label, choiceOptions]) => (
        <SelectField
          key={name}
          label={label}
          required={required}
          placeholder={`Pilih ${label.toLowerCase()}`}
          options={choiceOptions}
          {...bind(form, name)}
        />
      ))}
      {beforeRegion}
      <RegionFields
        provinces={options.provinces}
        province={form.data.province}
        city={form.data.city}
        errors={{ province: form.errors.province, city: form.errors.city }}
        onChange={(province, city) => {
          form.setData('province', province)
          form.setData('city', city)
        }}
      />
    </>
  )
}
