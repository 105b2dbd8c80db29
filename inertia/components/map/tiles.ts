/** OpenStreetMap's standard tiles (allowed by the img-src of the security headers). */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

export type LatLng = [number, number]

export const INDONESIA_CENTER: LatLng = [-2.5, 118]

/** Indonesia's extent, as the facility form's coordinate hints give it. */
const LATITUDE = [-11.5, 6.5] as const
const LONGITUDE = [94.5, 141.5] as const

const decimal = (value: string) => {
  const text = value.trim().replace(',', '.')
  return text === '' ? Number.NaN : Number(text)
}

/** The typed coordinates as a point, or null while they are empty, unreadable or outside Indonesia. */
export function pointOf(latitude: string, longitude: string): LatLng | null {
  const lat = decimal(latitude)
  const lng = decimal(longitude)
  const inside =
    lat >= LATITUDE[0] && lat <= LATITUDE[1] && lng >= LONGITUDE[0] && lng <= LONGITUDE[1]
  return inside ? [lat, lng] : null
}

/** Six decimals (about 10 cm): what a picked point fills in. */
export const coordinateText = (value: number) => value.toFixed(6)

export const osmLink = ([lat, lng]: LatLng) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`
