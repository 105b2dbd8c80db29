import type { SimpleColumn } from '~/components/ui/simple_table'

type DeviceLike = { alkes: { name: string }; serial_number?: string | null }

/** A device line's name with its serial number under it, as every order table shows it. */
export function DeviceCell({ device }: { device: DeviceLike }) {
  return (
    <>
      {device.alkes.name}
      {device.serial_number && (
        <span className="block text-xs text-slate-500">SN {device.serial_number}</span>
      )}
    </>
  )
}

/** The 'Alat' column of a table of device lines. */
export function deviceColumn<T extends DeviceLike>(): SimpleColumn<T> {
  return { header: 'Alat', cell: (device) => <DeviceCell device={device} /> }
}
