import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { CheckboxField, NumberField } from '~/components/ui/field'
import { RupiahField } from '~/components/ui/rupiah_field'
import { Tabs } from '~/components/ui/tabs'
import { formatRupiah } from '~/lib/format'
import { accommodationCosts, type Accommodation } from '../../../app/workflows/insitu_costs'
import type { labPlanViews } from '#queries/insitu/lab_plans'

type Lab = Awaited<ReturnType<typeof labPlanViews>>[number]

type Props = {
  order: { number: string }
  backHref: string
  /** Null when this user may not save now (the page is then read-only). */
  submitHref: string | null
  labs: Lab[]
}

/** The form's fields: `[snake_case name, model key, label, rupiah?]`, in the spec's order. */
const GROUPS: { title: string; fields: [string, keyof Accommodation, string, boolean][] }[] = [
  {
    title: 'Uang harian petugas',
    fields: [
      ['officer_price', 'officerPrice', 'Uang Harian (Rp)', true],
      ['officer_count', 'officerCount', 'Jumlah Petugas', false],
      ['officer_day', 'officerDay', 'Jumlah Hari', false],
    ],
  },
  {
    title: 'Transportasi darat',
    fields: [
      ['transportation_price', 'transportationPrice', 'Tarif per Hari (Rp)', true],
      ['transportation_count', 'transportationCount', 'Jumlah Kendaraan', false],
      ['transportation_day', 'transportationDay', 'Jumlah Hari', false],
    ],
  },
  {
    title: 'Hotel',
    fields: [
      ['hotel_price', 'hotelPrice', 'Tarif per Malam (Rp)', true],
      ['hotel_count', 'hotelCount', 'Jumlah Kamar', false],
      ['hotel_day', 'hotelDay', 'Jumlah Malam', false],
    ],
  },
  {
    title: 'Pesawat',
    fields: [
      ['plane_price', 'planePrice', 'Harga Tiket (Rp)', true],
      ['plane_count', 'planeCount', 'Jumlah Penumpang', false],
      ['plane_luggage', 'planeLuggage', 'Biaya Bagasi (Rp)', true],
    ],
  },
]

const COST_LABELS = [
  ['officer', 'Uang harian'],
  ['transportation', 'Transportasi'],
  ['hotel', 'Hotel'],
  ['plane', 'Pesawat'],
] as const

/** Accommodation costs, one tab per lab with requests; the costs follow the typed values. */
export default function InsituAccommodation({ order, backHref, submitHref, labs }: Props) {
  const initial: Record<string, string | boolean> = {}
  for (const lab of labs) {
    for (const group of GROUPS) {
      for (const [name, key] of group.fields)
        initial[`${lab.lab}_${name}`] = String(lab.accommodation[key])
    }
    initial[`${lab.lab}_plane_is_pp`] = lab.accommodation.planeIsPp
  }
  const form = useForm<Record<string, string | boolean>>(initial)
  const valuesOf = (lab: Lab): Accommodation => {
    const entries = GROUPS.flatMap((group) =>
      group.fields.map(([name, key]) => [key, Number(form.data[`${lab.lab}_${name}`]) || 0])
    )
    return {
      ...(Object.fromEntries(entries) as Omit<Accommodation, 'planeIsPp'>),
      planeIsPp: form.data[`${lab.lab}_plane_is_pp`] === true,
    }
  }
  const totals = labs.map((lab) => accommodationCosts(valuesOf(lab)).total)
  const submit = () => form.put(submitHref!, { preserveScroll: true })
  return (
    <FormPage
      title="Akomodasi"
      subtitle={order.number}
      backHref={backHref}
      onSubmit={submit}
      form={form}
      readOnly={!submitHref}
    >
      <div className="md:col-span-2">
        <Tabs
          tabs={labs.map((lab, index) => {
            const costs = accommodationCosts(valuesOf(lab))
            const field = (name: string) => `${lab.lab}_${name}`
            return {
              key: lab.lab,
              label: lab.label,
              content: (
                <div className="space-y-5 pt-3">
                  {GROUPS.map((group) => (
                    <fieldset key={group.title} className="grid gap-3 sm:grid-cols-3">
                      <legend className="mb-1 text-sm font-semibold">{group.title}</legend>
                      {group.fields.map(([name, , label, rupiah]) =>
                        rupiah ? (
                          <RupiahField
                            key={name}
                            label={label}
                            required
                            name={field(name)}
                            disabled={!submitHref}
                            value={String(form.data[field(name)])}
                            error={form.errors[field(name)]}
                            onValue={(value) => form.setData(field(name), value)}
                          />
                        ) : (
                          <NumberField
                            key={name}
                            label={label}
                            required
                            name={field(name)}
                            disabled={!submitHref}
                            value={String(form.data[field(name)])}
                            error={form.errors[field(name)]}
                            onChange={(e) => form.setData(field(name), e.target.value)}
                          />
                        )
                      )}
                    </fieldset>
                  ))}
                  <CheckboxField
                    name={field('plane_is_pp')}
                    label="Tiket pulang pergi (PP)"
                    checked={form.data[field('plane_is_pp')] === true}
                    disabled={!submitHref}
                    onChange={(checked) => form.setData(field('plane_is_pp'), checked)}
                    error={form.errors[field('plane_is_pp')]}
                  />
                  <dl className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-5 dark:bg-slate-800">
                    {COST_LABELS.map(([key, label]) => (
                      <div key={key}>
                        <dt className="text-xs text-slate-500">{label}</dt>
                        <dd>{formatRupiah(costs[key])}</dd>
                      </div>
                    ))}
                    <div data-testid={`accommodation-total-${lab.lab}`}>
                      <dt className="text-xs text-slate-500">Total {lab.label}</dt>
                      <dd className="font-semibold">{formatRupiah(totals[index])}</dd>
                    </div>
                  </dl>
                </div>
              ),
            }
          })}
        />
        <p className="mt-4 text-sm" data-testid="accommodation-total">
          Total akomodasi semua laboratorium:{' '}
          <strong>{formatRupiah(totals.reduce((sum, total) => sum + total, 0))}</strong>
        </p>
      </div>
    </FormPage>
  )
}
