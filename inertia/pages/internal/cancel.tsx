import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { TextAreaField } from '~/components/ui/field'

export default function CancelDevice({
  order,
  device,
}: {
  order: { id: number; number: string }
  device: { id: number; name: string; serial_number: string | null; status: string }
}) {
  const form = useForm({ reason: '' })
  return (
    <FormPage
      title="Batalkan Uji Alat"
      subtitle={`${order.number} · ${device.name}${device.serial_number ? ` SN ${device.serial_number}` : ''}`}
      backHref={`/internal/${order.id}/detail`}
      onSubmit={() => form.post(`/internal/${order.id}/${device.id}/cancel`)}
      processing={form.processing}
      recentlySuccessful={form.recentlySuccessful}
    >
      <div className="md:col-span-2">
        <TextAreaField label="Alasan" name="reason" maxLength={500} value={form.data.reason} onChange={(e) => form.setData('reason', e.target.value)} error={form.errors.reason} />
      </div>
    </FormPage>
  )
}
