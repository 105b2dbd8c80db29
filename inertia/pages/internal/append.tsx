import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import {
  DevicePicker,
  pickedPayload,
  type DeviceOption,
  type PickedLine,
} from '~/components/form/device_picker'

export default function AppendDevices({
  order,
  options,
  backHref,
  submitHref,
}: {
  order: { number: string }
  options: { alkes: DeviceOption[] }
  backHref: string
  submitHref: string
}) {
  const form = useForm({ picked: {} as Record<number, PickedLine> })
  const errors = form.errors as Record<string, string | undefined>
  const submit = () => {
    form.transform((data) => ({ alkes: pickedPayload(data.picked) }))
    form.post(submitHref)
  }
  return (
    <FormPage
      title="Penambahan Permintaan Alat Datang"
      subtitle={order.number}
      backHref={backHref}
      onSubmit={submit}
      form={form}
    >
      <div className="md:col-span-2">
        <DevicePicker
          devices={options.alkes}
          lines={form.data.picked}
          onChange={(picked) => form.setData('picked', picked)}
          error={errors.alkes ?? Object.entries(errors).find(([k]) => k.startsWith('alkes.'))?.[1]}
        />
      </div>
    </FormPage>
  )
}
