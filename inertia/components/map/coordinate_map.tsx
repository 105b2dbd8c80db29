import { useEffect } from 'react'
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import 'leaflet/dist/leaflet.css'
import { INDONESIA_CENTER, OSM_ATTRIBUTION, OSM_TILES, type LatLng } from '~/components/map/tiles'

type Props = {
  point: LatLng | null
  onPick: (point: LatLng) => void
}

/** Follows the typed coordinates: the map pans to the point whenever it changes. */
function FollowPoint({ point }: { point: LatLng | null }) {
  const map = useMap()
  const [lat, lng] = point ?? [null, null]
  useEffect(() => {
    if (lat !== null && lng !== null) map.setView([lat, lng], Math.max(map.getZoom(), 13))
  }, [map, lat, lng])
  return null
}

function PickOnClick({ onPick }: { onPick: Props['onPick'] }) {
  useMapEvents({ click: (event) => onPick([event.latlng.lat, event.latlng.lng]) })
  return null
}

/** The Leaflet part of the coordinate picker (loaded only when a form shows it). */
export default function CoordinateMap({ point, onPick }: Props) {
  return (
    <MapContainer
      center={point ?? INDONESIA_CENTER}
      zoom={point ? 13 : 4}
      className="h-full w-full"
      scrollWheelZoom={false}
    >
      <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} />
      {point && (
        <CircleMarker
          center={point}
          radius={9}
          pathOptions={{ color: '#b91c1c', fillColor: '#ef4444', fillOpacity: 0.8 }}
        />
      )}
      <FollowPoint point={point} />
      <PickOnClick onPick={onPick} />
    </MapContainer>
  )
}
