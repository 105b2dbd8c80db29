import { useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { controlClass } from '~/components/ui/field'

type Props = OrderFormLinks & {
  officers: { id: number; name: string }[]
  devices: { id: number; name: string; serial_number: string | null; officer_id: number | null }[]
}

export default function AssignOfficers(props: Props) {
  const { officers, devices } = props
  const form = useForm({
    selected_officers: devices.map((d) => ({
      internal_alkes_order_id: d.id,
      bpfk_user_id: d.officer_id ? String(d.officer_id) : '',
    })),
  })
  const errors = form.errors as Record<string, string | undefined>
  const setOfficer = (index: number, value: string) =>
    form.setData(
      'selected_officers',
      form.data.selected_officers.map((s, i) => (i === index ? { ...s, bpfk_user_id: value } : s))
    )
  const setAll = (value: string) =>
    form.setData(
      'selected_officers',
      form.data.selected_officers.map((s) => ({ ...s, bpfk_user_id: value }))
    )

  const officerOptions = [
    <option key="" value="">
      Pilih petugas
    </option>,
    ...officers.map((o) => (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    )),
  ]

  return (
    <OrderFormPage title="Pilih Petugas" page={props} form={form}>
      <div className="md:col-span-2">
        <label className="text-sm">
          Terapkan ke semua alat:{' '}
          <select
            aria-label="Petugas untuk semua alat"
            onChange={(e) => setAll(e.target.value)}
            defaultValue=""
            className={`${controlClass()} mt-1 max-w-sm`}
          >
            {officerOptions}
          </select>
        </label>
      </div>
      <div className="space-y-2 md:col-span-2">
        {devices.map((device, index) => (
          <div key={device.id} className="grid items-center gap-2 sm:grid-cols-2">
            <p className="text-sm">
              {index + 1}. {device.name}{' '}
              {device.serial_number ? `(SN ${device.serial_number})` : ''}
            </p>
            <div>
              <select
                aria-label={`Petugas ${device.name} ${index + 1}`}
                value={form.data.selected_officers[index].bpfk_user_id}
                onChange={(e) => setOfficer(index, e.target.value)}
                className={controlClass(!!errors[`selected_officers.${index}.bpfk_user_id`])}
              >
                {officerOptions}
              </select>
              {errors[`selected_officers.${index}.bpfk_user_id`] && (
                <p className="text-xs text-red-600">
                  {errors[`selected_officers.${index}.bpfk_user_id`]}
                </p>
              )}
            </div>
          </div>
        ))}
      </div>
    </OrderFormPage>
  )
}
