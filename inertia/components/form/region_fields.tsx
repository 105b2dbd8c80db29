import { SelectField } from '~/components/ui/field'

export type ProvinceOption = {
  code: string
  name: string
  cities: { code: string; name: string }[]
}

/**
 * Province, then city: the city field appears only once a province is chosen
 * and lists only that province's regencies and cities (spec part 1, section 4).
 */
export function RegionFields({
  provinces,
  province,
  city,
  errors,
  onChange,
}: {
  provinces: ProvinceOption[]
  province: string
  city: string
  errors: { province?: string; city?: string }
  onChange: (province: string, city: string) => void
}) {
  const cities = provinces.find((p) => p.code === province)?.cities ?? []
  return (
    <>
      <SelectField
        label="Provinsi"
        required
        name="province"
        value={province}
        onChange={(e) => onChange(e.target.value, '')}
        error={errors.province}
        placeholder="Pilih provinsi"
        options={provinces.map((p) => ({ value: p.code, label: p.name }))}
      />
      {province ? (
        <SelectField
          label="Kabupaten/Kota"
          required
          name="city"
          value={city}
          onChange={(e) => onChange(province, e.target.value)}
          error={errors.city}
          placeholder="Pilih kabupaten/kota"
          options={cities.map((c) => ({ value: c.code, label: c.name }))}
        />
      ) : (
        <div className="hidden md:block" />
      )}
    </>
  )
}
