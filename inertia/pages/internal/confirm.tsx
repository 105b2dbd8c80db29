import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { TextAreaField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

type Props = {
  order: { number: string; status: string }
  backHref: string
  submitHref: string
  decision: 'approve' | 'reject'
  defaultDescription: string
}

/** Terima or Tolak a waiting order; a rejection needs its reason. */
export default function ConfirmOrder({
  order,
  backHref,
  submitHref,
  decision,
  defaultDescription,
}: Props) {
  const status = decision === 'approve' ? 'ORDER DITERIMA' : 'DITOLAK'
  const form = useForm({ status, order_description: defaultDescription })
  return (
    <FormPage
      title={
        decision === 'approve'
          ? `Terima Permintaan ${order.number}`
          : `Tolak Permintaan ${order.number}`
      }
      subtitle={
        decision === 'approve'
          ? 'Keterangan ini dibaca oleh fasyankes.'
          : 'Tuliskan alasan penolakan; fasyankes dapat memperbaiki lalu mengajukan ulang.'
      }
      backHref={backHref}
      onSubmit={() => form.post(submitHref)}
      form={form}
    >
      <div className="md:col-span-2">
        <TextAreaField
          label={decision === 'approve' ? 'Keterangan' : 'Alasan Ditolak'}
          maxLength={1000}
          {...bind(form, 'order_description')}
        />
      </div>
    </FormPage>
  )
}
