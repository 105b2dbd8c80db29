import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'

/** The lab takes the on-site request (POST /insitu/{id}/confirm, no body). */
export default function ConfirmInsitu(props: OrderFormLinks) {
  const form = useForm({})
  return (
    <OrderFormPage title="Terima Permintaan Insitu" page={props} form={form} post>
      <p className="text-sm md:col-span-2">
        Permintaan {props.order.number} akan diterima. Setelah itu kepala laboratorium mengisi
        estimasi pekerjaan dan yantek mengisi akomodasi, lalu surat penawaran dapat dikirim.
      </p>
    </OrderFormPage>
  )
}
