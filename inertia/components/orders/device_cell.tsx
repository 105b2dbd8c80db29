/** A device line's name with its serial number under it, as every order table shows it. */
export function DeviceCell({
  device,
}: {
  device: { alkes: { name: string }; serial_number?: string | null }
}) {
  return (
    <>
      {device.alkes.name}
      {device.serial_number && (
        <span className="block text-xs text-slate-500">SN {device.serial_number}</span>
      )}
    </>
  )
}
