import { lazy, Suspense } from 'react'
import { ExternalLink } from 'lucide-react'
import { coordinateText, osmLink, pointOf } from '~/components/map/tiles'

const CoordinateMap = lazy(() => import('~/components/map/coordinate_map'))

type Props = {
  latitude: string
  longitude: string
  onPick: (latitude: string, longitude: string) => void
}

/**
 * A map under the Latitude and Longitude fields: it shows where the typed
 * coordinates are, and a click on it fills both fields in.
 */
export function CoordinatePicker({ latitude, longitude, onPick }: Props) {
  const point = pointOf(latitude, longitude)
  return (
    <div className="space-y-1.5">
      <div
        role="region"
        aria-label="Peta lokasi"
        data-testid="coordinate-map"
        // isolate: Leaflet's panes stack up to z-index 1000; kept under the sticky top bar.
        className="isolate h-64 overflow-hidden rounded-lg border border-slate-300 dark:border-slate-700"
      >
        <Suspense
          fallback={
            <div className="grid h-full place-items-center text-sm text-slate-500">
              Memuat peta…
            </div>
          }
        >
          <CoordinateMap
            point={point}
            onPick={([lat, lng]) => onPick(coordinateText(lat), coordinateText(lng))}
          />
        </Suspense>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
        <span>
          {point
            ? 'Titik merah menandai koordinat di atas. Klik peta untuk memindahkannya.'
            : 'Klik peta untuk mengisi Latitude dan Longitude.'}
        </span>
        {point && (
          <a
            href={osmLink(point)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-100"
          >
            Lihat di OpenStreetMap <ExternalLink className="size-3" />
          </a>
        )}
      </p>
    </div>
  )
}
