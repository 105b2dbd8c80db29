import { Head } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import FacilityMap from '~/components/map/facility_map'
import type { Data } from '#generated/data'

type FacilityPoint = Data.FacilityPoint

type Props = {
  /** Every facility, with or without coordinates. */
  total: number
  withoutCoordinates: number
  /** The facilities that have both coordinates: one pin each. */
  facilities: FacilityPoint[]
  tiles: { url: string; attribution: string }
  editPath: string | null
}

const count = (value: number) => value.toLocaleString('id-ID')

/** Spec part 1: 'Persebaran Fasyankes', the facilities on a map of Indonesia. */
export default function FacilityMapPage({
  total,
  withoutCoordinates,
  facilities,
  tiles,
  editPath,
}: Props) {
  const figures = [
    ['Total Fasyankes', total, 'facility-total'],
    ['Tampil di peta', facilities.length, 'facility-mapped'],
    ['Tanpa koordinat', withoutCoordinates, 'facility-unmapped'],
  ] as const
  return (
    <>
      <Head title="Persebaran Fasyankes" />
      <PageHeader
        title="Persebaran Fasyankes"
        subtitle="Lokasi fasyankes pengguna layanan. Klik penanda untuk melihat nama dan alamatnya."
      />
      <div className="mb-4 grid grid-cols-3 gap-3">
        {figures.map(([label, value, testId]) => (
          <Card key={testId} className="p-3 sm:p-4">
            <p className="text-xs text-slate-500 sm:text-sm">{label}</p>
            <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
              {count(value)}
            </p>
          </Card>
        ))}
      </div>
      <Card className="overflow-hidden">
        <div
          role="region"
          aria-label="Peta persebaran fasyankes"
          data-testid="facility-map"
          // isolate: Leaflet's panes stack up to z-index 1000; kept under the sticky top bar.
          className="isolate h-[600px] w-full"
        >
          <FacilityMap facilities={facilities} tiles={tiles} editPath={editPath} />
        </div>
      </Card>
      {withoutCoordinates > 0 && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {count(withoutCoordinates)} fasyankes belum memiliki Latitude dan Longitude, sehingga
          tidak tampil di peta.
          {editPath && ' Lengkapi koordinatnya di Data Fasyankes.'}
        </p>
      )}
    </>
  )
}
