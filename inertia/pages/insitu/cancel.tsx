import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { TextAreaField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

/** Cancels an on-site order, with its reason (DIBATALKAN). */
export default function CancelInsitu(props: OrderFormLinks) {
  const form = useForm({ reason: '' })
  return (
    <OrderFormPage title="Batalkan Permintaan Insitu" page={props} form={form} post>
      <div className="md:col-span-2">
        <TextAreaField label="Alasan Pembatalan" required rows={4} {...bind(form, 'reason')} />
      </div>
    </OrderFormPage>
  )
}
