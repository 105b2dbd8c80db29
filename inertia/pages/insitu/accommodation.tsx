import { useForm } from '@inertiajs/react'
import { CheckboxField, NumberField } from '~/components/ui/field'
import { RupiahField } from '~/components/ui/rupiah_field'
import { Notice } from '~/components/ui/notice'
import { DetailList } from '~/components/detail_list'
import {
  LabPlanForm,
  type LabPlanPage,
  type PlannedLab as Lab,
} from '~/components/insitu/lab_plan_form'
import { formatRupiah } from '~/lib/format'
import { accommodationCosts, type Accommodation } from '#shared/insitu_costs'

/** Each cost's fields in the spec's order: `[title, prefix, price, count, third field, its label]`. */
const COSTS = [
  ['Uang harian petugas', 'officer', 'Uang Harian (Rp)', 'Jumlah Petugas', 'day', 'Jumlah Hari'],
  [
    'Transportasi darat',
    'transportation',
    'Tarif per Hari (Rp)',
    'Jumlah Kendaraan',
    'day',
    'Jumlah Hari',
  ],
  ['Hotel', 'hotel', 'Tarif per Malam (Rp)', 'Jumlah Kamar', 'day', 'Jumlah Malam'],
  ['Pesawat', 'plane', 'Harga Tiket (Rp)', 'Jumlah Penumpang', 'luggage', 'Biaya Bagasi (Rp)'],
] as const

const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())

/** The form's fields: `[snake_case name, model key, label, rupiah?]`, grouped by cost. */
const GROUPS = COSTS.map(([title, prefix, price, count, third, thirdLabel]) => ({
  title,
  prefix,
  fields: (
    [
      [`${prefix}_price`, price, true],
      [`${prefix}_count`, count, false],
      [`${prefix}_${third}`, thirdLabel, third === 'luggage'],
    ] as const
  ).map(
    ([name, label, rupiah]) => [name, camel(name) as keyof Accommodation, label, rupiah] as const
  ),
}))

const COST_LABELS = [
  ['officer', 'Uang harian'],
  ['transportation', 'Transportasi'],
  ['hotel', 'Hotel'],
  ['plane', 'Pesawat'],
] as const

/** A lab's accommodation as it was saved, for reading: each form label with its value. */
function SavedAccommodation({ lab }: { lab: Lab }) {
  const saved = lab.accommodation
  const rowsOf = (group: (typeof GROUPS)[number]) => {
    const rows: [string, string][] = group.fields.map(([, key, label, rupiah]) => [
      label,
      rupiah ? formatRupiah(Number(saved[key])) : Number(saved[key]).toLocaleString('id-ID'),
    ])
    if (group.prefix === 'plane')
      rows.push(['Tiket pulang pergi (PP)', saved.planeIsPp ? 'Ya' : 'Tidak'])
    return rows
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid={`accommodation-saved-${lab.lab}`}>
      {GROUPS.map((group) => (
        <section key={group.title}>
          <h3 className="mb-1 text-sm font-semibold">{group.title}</h3>
          <DetailList rows={rowsOf(group)} />
        </section>
      ))}
    </div>
  )
}

/** Accommodation costs, one tab per lab with requests; the costs follow the typed values. */
export default function InsituAccommodation(page: LabPlanPage) {
  const { submitHref, labs } = page
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
  // A lab's accommodation follows its estimation (officers and days): only estimated labs are sent.
  const ready = labs.filter((lab) => lab.estimated).map((lab) => lab.lab)
  const submit = () => {
    form.transform((data) =>
      Object.fromEntries(
        Object.entries(data).filter(([name]) => ready.includes(name.split('_')[0] as Lab['lab']))
      )
    )
    form.put(submitHref!, { preserveScroll: true })
  }
  return (
    <LabPlanForm
      title="Akomodasi"
      page={page}
      onSubmit={submit}
      form={form}
      readOnly={!submitHref || ready.length === 0}
      footer={
        <p className="mt-4 text-sm" data-testid="accommodation-total">
          Total akomodasi semua laboratorium:{' '}
          <strong>{formatRupiah(totals.reduce((sum, total) => sum + total, 0))}</strong>
        </p>
      }
      tab={(lab, index) => {
        const costs = accommodationCosts(valuesOf(lab))
        const field = (name: string) => `${lab.lab}_${name}`
        const editable = !!submitHref && lab.estimated
        return (
          <div className="space-y-5 pt-3">
            {submitHref && !lab.estimated && (
              <Notice>
                Estimasi {lab.label} belum disimpan. Akomodasi mengikuti jumlah petugas dan hari
                dari estimasi: simpan estimasi {lab.label} terlebih dahulu.
              </Notice>
            )}
            {!editable && <SavedAccommodation lab={lab} />}
            {editable &&
              GROUPS.map((group) => (
                <fieldset key={group.title} className="grid gap-3 sm:grid-cols-3">
                  <legend className="mb-1 text-sm font-semibold">{group.title}</legend>
                  {group.fields.map(([name, , label, rupiah]) => {
                    const common = {
                      label,
                      required: true,
                      name: field(name),
                      value: String(form.data[field(name)]),
                      error: form.errors[field(name)],
                    }
                    const set = (value: string) => form.setData(field(name), value)
                    return rupiah ? (
                      <RupiahField key={name} {...common} onValue={set} />
                    ) : (
                      <NumberField key={name} {...common} onChange={(e) => set(e.target.value)} />
                    )
                  })}
                </fieldset>
              ))}
            {editable && (
              <CheckboxField
                name={field('plane_is_pp')}
                label="Tiket pulang pergi (PP)"
                checked={form.data[field('plane_is_pp')] === true}
                onChange={(checked) => form.setData(field('plane_is_pp'), checked)}
                error={form.errors[field('plane_is_pp')]}
              />
            )}
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
        )
      }}
    />
  )
}
