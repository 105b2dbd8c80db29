import {
  DevicePicker,
  pickedPayload,
  type DeviceOption,
  type PickedLine,
  type PickerProps,
} from '~/components/form/device_picker'
import { Tabs } from '~/components/ui/tabs'

const LABS = [
  { key: 'pk', label: 'PK', laboratory: 'PK' },
  { key: 'ukpr', label: 'UKPR', laboratory: 'UKPR' },
  { key: 'sarpras', label: 'Sarpras', laboratory: 'SARPRAS' },
] as const

/** The request payload of an on-site order: `alkes_pk`, `alkes_ukpr`, `alkes_sarpras`, each > 0. */
export function labPayload(devices: DeviceOption[], picked: Record<number, PickedLine>) {
  return Object.fromEntries(
    LABS.map(({ key, laboratory }) => {
      const ids = new Set(devices.filter((d) => d.laboratory === laboratory).map((d) => d.id))
      const mine = Object.fromEntries(Object.entries(picked).filter(([id]) => ids.has(Number(id))))
      return [`alkes_${key}`, pickedPayload(mine)]
    })
  )
}

/**
 * The devices requested from each lab, one tab per lab (PK, UKPR with its categories,
 * Sarpras): search, hide-zero, a quantity and a note per device type.
 */
export function LabRequests({
  devices,
  lines,
  onChange,
  errors,
}: PickerProps & { errors: Record<string, string | undefined> }) {
  const errorOf = (key: string) =>
    errors[`alkes_${key}`] ??
    Object.entries(errors).find(([field]) => field.startsWith(`alkes_${key}.`))?.[1]
  return (
    <Tabs
      tabs={LABS.map(({ key, label, laboratory }) => ({
        key,
        label,
        content: (
          <div className="pt-3">
            <DevicePicker
              devices={devices.filter((device) => device.laboratory === laboratory)}
              lines={lines}
              onChange={onChange}
              error={errorOf(key)}
            />
          </div>
        ),
      }))}
    />
  )
}
