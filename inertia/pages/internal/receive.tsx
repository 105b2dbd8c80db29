import type { ReactNode } from 'react'
import { useForm } from '@inertiajs/react'
import { CheckboxGroup } from '~/components/form/checkbox_group'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { SelectField, TextField, controlClass } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { cn } from '~/lib/cn'
import { optionsOf } from '~/lib/options'
import { ContactFields } from '~/components/form/contact_fields'

/**
 * One field of a device row with its name shown above it (the control's own accessible
 * name also numbers the row: "Nomor Seri 2").
 */
function RowField({
  label,
  required,
  error,
  children,
}: {
  label: string
  required?: boolean
  error?: string
  children: ReactNode
}) {
  return (
    <div className="space-y-1">
      <span aria-hidden="true" className="block text-xs text-slate-500">
        {label}
        {required && <span className="ml-0.5 text-red-600">*</span>}
      </span>
      {children}
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  )
}

/** What each device row's fields are called, shown above them (not only as placeholders). */
const ROW_LABELS = { merk: 'Merk', model: 'Model', serial_number: 'Nomor Seri' } as const

type Device = {
  id: number
  name: string
  description: string | null
  merk: string
  model: string
  serial_number: string
  functionality: string
  accessories: string
}

type Props = OrderFormLinks & {
  /** The review checklist: each field and its label. */
  checklist: [string, string][]
  checkers: { id: number; name: string }[]
  values: {
    checker: number
    contact_person_name: string
    contact_person_phone: string
    received_date: string
    done_estimation_date: string
  }
  devices: Device[]
}

export default function ReceiveEquipment(props: Props) {
  const { checkers, values, devices } = props
  const form = useForm({
    ...values,
    checker: String(values.checker),
    alkes_orders: devices.map(({ id, merk, model, serial_number, functionality, accessories }) => ({
      id,
      merk,
      model,
      serial_number,
      functionality,
      accessories,
    })),
    ...Object.fromEntries(props.checklist.map(([key]) => [key, true])),
  } as Record<string, any>)
  const errors = form.errors as Record<string, string | undefined>
  const setLine = (index: number, key: string, value: string) =>
    form.setData(
      'alkes_orders',
      form.data.alkes_orders.map((line: any, i: number) =>
        i === index ? { ...line, [key]: value } : line
      )
    )

  return (
    <OrderFormPage title="Penerimaan Alat" page={props} form={form}>
      <SelectField
        label="Pemeriksa Alat"
        required
        options={optionsOf(checkers)}
        {...bind(form, 'checker')}
      />
      <div className="hidden md:block" />
      <ContactFields
        form={form}
        who="Narahubung"
        name="contact_person_name"
        phone="contact_person_phone"
      />
      <TextField label="Tanggal Diterima" required type="date" {...bind(form, 'received_date')} />
      <TextField
        label="Estimasi Tanggal Selesai"
        required
        type="date"
        {...bind(form, 'done_estimation_date')}
      />
      <div className="space-y-3 md:col-span-2">
        <h2 className="font-semibold">Identitas Alat</h2>
        {form.data.alkes_orders.map((line: any, index: number) => (
          <div
            key={line.id}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-5 dark:border-slate-800"
          >
            <div className="sm:col-span-5">
              <p className="text-sm font-medium">
                {index + 1}. {devices[index].name}
              </p>
              {devices[index].description && (
                <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="device-note">
                  Catatan fasyankes: {devices[index].description}
                </p>
              )}
            </div>
            {(['merk', 'model', 'serial_number'] as const).map((key) => (
              <RowField
                key={key}
                label={ROW_LABELS[key]}
                required
                error={errors[`alkes_orders.${index}.${key}`]}
              >
                <input
                  aria-label={`${ROW_LABELS[key]} ${index + 1}`}
                  required
                  value={line[key]}
                  onChange={(e) => setLine(index, key, e.target.value)}
                  className={cn(controlClass(!!errors[`alkes_orders.${index}.${key}`]))}
                />
              </RowField>
            ))}
            <RowField label="Fungsi">
              <select
                aria-label={`Fungsi ${index + 1}`}
                value={line.functionality}
                onChange={(e) => setLine(index, 'functionality', e.target.value)}
                className={controlClass()}
              >
                <option value="Baik">Baik</option>
                <option value="Tidak Baik">Tidak Baik</option>
              </select>
            </RowField>
            <RowField label="Kelengkapan">
              <input
                aria-label={`Kelengkapan ${index + 1}`}
                placeholder="mis. manset, adaptor"
                value={line.accessories}
                onChange={(e) => setLine(index, 'accessories', e.target.value)}
                className={controlClass()}
              />
            </RowField>
          </div>
        ))}
      </div>
      <CheckboxGroup form={form} flags={props.checklist} legend="Kaji ulang" />
    </OrderFormPage>
  )
}
