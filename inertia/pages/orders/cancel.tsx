import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { TextAreaField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

/** Cancels the test of one device line, with a reason (BATAL UJI), for both order types. */
export default function CancelDevice({
  order,
  device,
  backHref,
  submitHref,
}: {
  order: { number: string }
  device: { name: string; serial_number: string | null; status: string }
  backHref: string
  submitHref: string
}) {
  const form = useForm({ reason: '' })
  return (
    <FormPage
      title="Batalkan Uji Alat"
      subtitle={`${order.number} · ${device.name}${device.serial_number ? ` SN ${device.serial_number}` : ''}`}
      backHref={backHref}
      onSubmit={() => form.post(submitHref)}
      form={form}
    >
      <div className="md:col-span-2">
        <TextAreaField label="Alasan" maxLength={500} {...bind(form, 'reason')} />
      </div>
    </FormPage>
  )
}
