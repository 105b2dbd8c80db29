import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import type { DeviceOption, PickedLine } from '~/components/form/device_picker'
import { LabRequests, labPayload } from '~/components/insitu/lab_requests'

export default function AppendInsitu({
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
  const submit = () => {
    form.transform((data) => labPayload(options.alkes, data.picked))
    form.post(submitHref)
  }
  return (
    <FormPage
      title="Penambahan Permintaan Insitu"
      subtitle={order.number}
      backHref={backHref}
      onSubmit={submit}
      form={form}
    >
      <div className="md:col-span-2">
        <LabRequests
          devices={options.alkes}
          picked={form.data.picked}
          onChange={(picked) => form.setData('picked', picked)}
          errors={form.errors as Record<string, string | undefined>}
        />
      </div>
    </FormPage>
  )
}
