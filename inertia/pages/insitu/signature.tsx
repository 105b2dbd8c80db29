import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

/** The facility approves the offering letter, naming who signs it (PUT offering/signature). */
export default function SignOffering(props: OrderFormLinks) {
  const form = useForm({ signature_name: '', signature_nip: '', signature_position: '' })
  return (
    <OrderFormPage title="Setujui Surat Penawaran" page={props} form={form}>
      <p className="text-sm md:col-span-2">
        Dengan menyimpan, fasyankes menyetujui surat penawaran {props.order.number}. Laboratorium
        lalu mengunggah surat persetujuan dan kontraknya.
      </p>
      <TextField label="Nama Penanda Tangan" required {...bind(form, 'signature_name')} />
      <TextField
        label="NIP"
        required
        hint="Isi - bila penanda tangan tidak memiliki NIP."
        inputMode="numeric"
        {...bind(form, 'signature_nip')}
      />
      <TextField label="Jabatan" required {...bind(form, 'signature_position')} />
    </OrderFormPage>
  )
}
