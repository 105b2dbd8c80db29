import { useForm } from '@inertiajs/react'
import { NumberField } from '~/components/ui/field'
import { SimpleTable } from '~/components/ui/simple_table'
import { DetailList } from '~/components/detail_list'
import {
  LabPlanForm,
  type LabPlanPage,
  type PlannedLab as Lab,
} from '~/components/insitu/lab_plan_form'
import { estimateDays, formatDays } from '#shared/insitu_costs'

const FIELDS = [
  ['pp_hour', 'Jam Perjalanan (PP)'],
  ['pp_minute', 'Menit Perjalanan (PP)'],
  ['officer', 'Jumlah Petugas'],
] as const

/** Work estimation per lab (spec part 2 section 9): the days are computed as the user types. */
export default function InsituEstimation(page: LabPlanPage) {
  const { submitHref, labs } = page
  const form = useForm<Record<string, string>>(
    Object.fromEntries(
      labs.flatMap((lab) =>
        FIELDS.map(([field]) => [`${lab.lab}_${field}`, String(lab.estimate[field])])
      )
    )
  )
  const editable = labs.filter((lab) => submitHref && lab.may_estimate)
  const submit = () => {
    form.transform((data) =>
      Object.fromEntries(
        editable.flatMap((lab) =>
          FIELDS.map(([field]) => [`${lab.lab}_${field}`, data[`${lab.lab}_${field}`]])
        )
      )
    )
    form.put(submitHref!, { preserveScroll: true })
  }
  const days = (lab: Lab) =>
    estimateDays(
      lab.items.map((item) => ({ quantity: item.quantity, minuteEstimation: item.minute_each })),
      {
        ppHour: Number(form.data[`${lab.lab}_pp_hour`]) || 0,
        ppMinute: Number(form.data[`${lab.lab}_pp_minute`]) || 0,
        officers: Number(form.data[`${lab.lab}_officer`]) || 1,
      },
      lab.split_among_officers
    )
  return (
    <LabPlanForm
      title="Estimasi Pekerjaan"
      page={page}
      onSubmit={submit}
      form={form}
      readOnly={!editable.length}
      tab={(lab) => {
        const result = days(lab)
        const readOnly = !editable.includes(lab)
        return (
          <div className="space-y-4 pt-3">
            <SimpleTable
              rows={lab.items}
              rowKey={(item) => item.alkes}
              columns={[
                { header: 'Alat', cell: (item) => item.alkes },
                lab.lab === 'ukpr' && {
                  header: 'Kategori',
                  cell: (item) => item.category ?? '-',
                },
                { header: 'Jumlah', cell: (item) => item.quantity },
                {
                  header: 'Estimasi / Alat',
                  cell: (item) => `${item.hour_estimation} jam ${item.minute_estimation} menit`,
                },
                {
                  header: 'Total',
                  cell: (item) =>
                    `${item.total_hour_estimation} jam ${item.total_minute_estimation} menit`,
                },
              ]}
            />
            {readOnly ? (
              <DetailList
                rows={FIELDS.map(([field, label]) => [label, form.data[`${lab.lab}_${field}`]])}
              />
            ) : (
              <div className="grid gap-4 sm:grid-cols-3">
                {FIELDS.map(([field, label]) => (
                  <NumberField
                    key={field}
                    label={label}
                    required
                    min={field === 'officer' ? 1 : 0}
                    name={`${lab.lab}_${field}`}
                    value={form.data[`${lab.lab}_${field}`]}
                    onChange={(e) => form.setData(`${lab.lab}_${field}`, e.target.value)}
                    error={form.errors[`${lab.lab}_${field}`]}
                  />
                ))}
              </div>
            )}
            <p className="text-sm" data-testid={`estimate-${lab.lab}`}>
              Estimasi: <strong>{formatDays(result.raw)} hari</strong>, dibulatkan{' '}
              <strong>{result.final} hari</strong>
              {lab.split_among_officers ? ' (dibagi jumlah petugas)' : ''}.
            </p>
            {readOnly && submitHref && (
              <p className="text-sm text-slate-500">
                Estimasi {lab.label} diisi oleh kepala laboratoriumnya.
              </p>
            )}
          </div>
        )
      }}
    />
  )
}
