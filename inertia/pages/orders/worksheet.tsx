import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { SelectField, TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { MONTHS } from '~/lib/format'
import { optionsOf } from '~/lib/options'

type Props = OrderFormLinks & {
  device: { name: string }
  officers: { id: number; name: string }[]
  /** The number a blank certificate number would get now; null when the line has one. */
  nextCertificateNumber: string | null
  values: Record<string, string>
}

/** One device line's worksheet (both order types). */
export default function Worksheet(props: Props) {
  const { device, officers, nextCertificateNumber, values } = props
  const form = useForm(values)
  return (
    <OrderFormPage title={`Lembar Kerja ${device.name}`} page={props} form={form}>
      <TextField label="Merk" required {...bind(form, 'merk')} />
      <TextField label="Model" required {...bind(form, 'model')} />
      <TextField label="Nomor Seri" required {...bind(form, 'serial_number')} />
      <SelectField
        label="Jenis"
        required
        options={['Pengujian', 'Kalibrasi'].map((v) => ({ value: v, label: v }))}
        {...bind(form, 'type')}
      />
      <TextField label="Nomor Order Tambahan" {...bind(form, 'additional_order_number')} />
      <TextField
        label="Nomor Sertifikat"
        placeholder={nextCertificateNumber ?? undefined}
        hint={
          nextCertificateNumber
            ? `Kosongkan untuk nomor otomatis (berikutnya ${nextCertificateNumber}).`
            : undefined
        }
        {...bind(form, 'certificate_number')}
      />
      <SelectField
        label="Bulan Sertifikat"
        required
        options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
        {...bind(form, 'certificate_month')}
      />
      <TextField label="Tanggal Pengerjaan" required type="date" {...bind(form, 'work_date')} />
      <TextField label="Tempat Pengerjaan" required {...bind(form, 'work_place')} />
      <TextField label="Nama Ruangan" {...bind(form, 'room_name')} />
      <SelectField
        label="Hasil"
        required
        placeholder="Pilih hasil"
        options={[
          { value: '1', label: 'LAIK' },
          { value: '0', label: 'TIDAK LAIK' },
        ]}
        {...bind(form, 'is_laik')}
      />
      <SelectField
        label="Petugas"
        required
        options={optionsOf(officers)}
        {...bind(form, 'officer_id')}
      />
    </OrderFormPage>
  )
}
