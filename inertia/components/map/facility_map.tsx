import { memo } from 'react'
import { Link } from '@inertiajs/react'
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet'
import MarkerClusterGroup from 'react-leaflet-cluster'
import 'leaflet/dist/leaflet.css'
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css'
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css'
import { facilityIcon } from '~/components/map/facility_icon'
import type { Data } from '#generated/data'

type FacilityPoint = Data.FacilityPoint

/** Spec part 1 section 9: the map is centred on Indonesia at zoom 4.5. */
const CENTER: [number, number] = [-2.55, 118.01]
const ZOOM = 4.5

type Props = {
  facilities: FacilityPoint[]
  tiles: { url: string; attribution: string }
  /** Where a facility's edit page lives (`{editPath}/{id}/edit`); null when the user may not edit. */
  editPath: string | null
}

/** One facility's pin, at its latitude (north-south) and longitude (east-west). */
const FacilityMarker = memo(function Pin({
  facility,
  editPath,
}: {
  facility: FacilityPoint
  editPath: string | null
}) {
  return (
    <Marker
      position={[facility.lat, facility.lng]}
      icon={facilityIcon}
      title={facility.name}
      alt={facility.name}
    >
      <Popup>
        {/* Divs, not paragraphs: Leaflet gives a popup's paragraphs wide margins. */}
        <div className="font-semibold">{facility.name}</div>
        <div className="mt-1 text-slate-600">{facility.address || 'Alamat belum diisi'}</div>
        {editPath && (
          <Link href={`${editPath}/${facility.id}/edit`} className="mt-2 inline-block font-medium">
            Ubah data fasyankes
          </Link>
        )}
      </Popup>
    </Marker>
  )
})

/**
 * The facilities on a Leaflet map. Pins that overlap are gathered into numbered clusters
 * (a click zooms in or spreads them out), which keeps thousands of facilities readable.
 */
export default function FacilityMap({ facilities, tiles, editPath }: Props) {
  return (
    <MapContainer
      center={CENTER}
      zoom={ZOOM}
      // Half steps, so the spec's zoom 4.5 holds instead of snapping to 4 or 5.
      zoomSnap={0.5}
      zoomDelta={0.5}
      scrollWheelZoom
      className="h-full w-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <MarkerClusterGroup chunkedLoading>
        {facilities.map((facility) => (
          <FacilityMarker key={facility.id} facility={facility} editPath={editPath} />
        ))}
      </MarkerClusterGroup>
    </MapContainer>
  )
}
