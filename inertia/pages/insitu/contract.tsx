import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { TextField } from '~/components/ui/field'
import { FileField } from '~/components/ui/file_input'
import { bind } from '~/lib/bind'

/** yantek uploads the approved letter with the contract's number and date (DALAM PROSES). */
export default function UploadContract(props: OrderFormLinks) {
  const form = useForm({ number: '', date: '', file: null as File | null })
  return (
    <OrderFormPage title="Unggah Surat Persetujuan" page={props} form={form} post>
      <TextField label="Nomor Kontrak" required {...bind(form, 'number')} />
      <TextField label="Tanggal Kontrak" required type="date" {...bind(form, 'date')} />
      <div className="md:col-span-2">
        <FileField
          label="Surat Persetujuan"
          name="file"
          required
          error={form.errors.file}
          hint="PDF atau gambar surat penawaran yang telah ditandatangani."
          onFile={(file) => form.setData('file', file)}
        />
      </div>
    </OrderFormPage>
  )
}
