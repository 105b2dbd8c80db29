import type { ReactNode } from 'react'
import { useForm } from '@inertiajs/react'
import { OrderFormPage } from '~/components/orders/order_form_page'
import type { DeviceOption, PickedLine } from '~/components/form/device_picker'

/** What the server hands an order's append page (both types). */
export type AppendProps = {
  order: { number: string }
  options: { alkes: DeviceOption[] }
  backHref: string
  submitHref: string
}

type Picked = Record<number, PickedLine>

/**
 * "Penambahan Permintaan …": devices picked with their quantities, sent as the type's payload
 * (`payload`) to the order's append route. The type draws its own picker (`picker`).
 */
export function AppendPage({
  title,
  props,
  payload,
  picker,
}: {
  title: string
  props: AppendProps
  payload: (picked: Picked) => Record<string, unknown>
  picker: (
    picked: Picked,
    onChange: (picked: Picked) => void,
    errors: Record<string, string | undefined>
  ) => ReactNode
}) {
  const form = useForm({ picked: {} as Picked })
  const submit = () => {
    form.transform((data) => payload(data.picked))
    form.post(props.submitHref)
  }
  return (
    <OrderFormPage title={title} page={props} onSubmit={submit} form={form}>
      <div className="md:col-span-2">
        {picker(
          form.data.picked,
          (picked) => form.setData('picked', picked),
          form.errors as Record<string, string | undefined>
        )}
      </div>
    </OrderFormPage>
  )
}
