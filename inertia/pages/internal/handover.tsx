import { useForm } from '@inertiajs/react'
import { CheckboxGroup } from '~/components/form/checkbox_group'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { CheckboxField } from '~/components/ui/field'
import { ContactFields } from '~/components/form/contact_fields'
import { Notice } from '~/components/ui/notice'

const FLAGS = [
  ['alkes_accordingly', 'Alat diserahkan sesuai daftar'],
  ['certificate_handedover', 'Sertifikat/hasil diserahkan'],
  ['alkes_checked', 'Alat telah diperiksa penerima'],
] as const

type Props = OrderFormLinks & {
  values: { contact_person_receiver_name: string; contact_person_receiver_phone: string }
  /** Whether a line is BATAL UJI; shown, not chosen. */
  cancelTest: boolean
  openDevices: string[]
}

export default function Handover(props: Props) {
  const { values, cancelTest, openDevices } = props
  const form = useForm({
    ...values,
    alkes_accordingly: true,
    certificate_handedover: true,
    alkes_checked: true,
  })
  return (
    <OrderFormPage title="Serah Terima Alat" page={props} form={form}>
      {openDevices.length > 0 && (
        <Notice alert className="md:col-span-2">
          Belum dapat diserahkan: {openDevices.length} alat belum selesai ({openDevices.join(', ')}
          ).
        </Notice>
      )}
      <ContactFields
        form={form}
        who="Penerima"
        name="contact_person_receiver_name"
        phone="contact_person_receiver_phone"
      />
      <CheckboxGroup form={form} flags={FLAGS}>
        <CheckboxField
          name="cancel_test"
          label="Terdapat alat batal uji"
          checked={cancelTest}
          disabled
          hint="Diisi otomatis dari status alat pada permintaan ini."
        />
      </CheckboxGroup>
    </OrderFormPage>
  )
}
