import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { TextAreaField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

/** yantek closes the on-site work, with an optional note (SELESAI). */
export default function FinalizeInsitu(props: OrderFormLinks & { blocked: string | null }) {
  const form = useForm({ notes: '' })
  return (
    <OrderFormPage title="Selesaikan Permintaan Insitu" page={props} form={form} post>
      {props.blocked && (
        <p className="text-sm text-amber-700 md:col-span-2 dark:text-amber-300" role="alert">
          {props.blocked}
        </p>
      )}
      <div className="md:col-span-2">
        <TextAreaField label="Catatan" rows={4} {...bind(form, 'notes')} />
      </div>
    </OrderFormPage>
  )
}
