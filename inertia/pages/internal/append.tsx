import { AppendPage, type AppendProps } from '~/components/orders/append_page'
import { DevicePicker, pickedPayload } from '~/components/form/device_picker'

export default function AppendDevices(props: AppendProps) {
  return (
    <AppendPage
      title="Penambahan Permintaan Alat Datang"
      props={props}
      payload={(picked) => ({ alkes: pickedPayload(picked) })}
      picker={(picked, onChange, errors) => (
        <DevicePicker
          devices={props.options.alkes}
          lines={picked}
          onChange={onChange}
          error={errors.alkes ?? Object.entries(errors).find(([k]) => k.startsWith('alkes.'))?.[1]}
        />
      )}
    />
  )
}
