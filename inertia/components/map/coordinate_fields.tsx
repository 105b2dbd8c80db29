import { TextField } from '~/components/ui/field'
import { CoordinatePicker } from '~/components/map/coordinate_picker'
import { bind, type FormLike } from '~/lib/bind'

type Coordinates = { latitude: string; longitude: string }

const AXES = [
  ['latitude', 'Latitude', '-5.1477', 'Lintang, -11,5 s.d. 6,5'],
  ['longitude', 'Longitude', '119.4327', 'Bujur, 94,5 s.d. 141,5'],
] as const

/** Latitude and Longitude as typed numbers, with the map under them that shows and picks them. */
export function CoordinateFields<T extends Coordinates>({ form }: { form: FormLike<T> }) {
  return (
    <>
      {AXES.map(([name, label, placeholder, hint]) => (
        <TextField
          key={name}
          label={label}
          required
          inputMode="decimal"
          placeholder={placeholder}
          hint={hint}
          {...bind(form, name)}
        />
      ))}
      <div className="md:col-span-2">
        <CoordinatePicker
          latitude={form.data.latitude}
          longitude={form.data.longitude}
          onPick={(latitude, longitude) => {
            form.setData('latitude', latitude as T['latitude'])
            form.setData('longitude', longitude as T['longitude'])
          }}
        />
      </div>
    </>
  )
}
