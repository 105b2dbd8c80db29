import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { Field, TextAreaField } from '~/components/ui/field'
import { LoanSummary, type LoanSummaryData } from '~/components/lending/loan_summary'
import { bind } from '~/lib/bind'

const DECISIONS = [
  { value: 'Confirmed', label: 'Setujui' },
  { value: 'Rejected', label: 'Tolak' },
] as const

/**
 * Spec part 1: the head's decision for their lab; Tolak needs a reason. Nothing is chosen at
 * first (the spec's default Setujui let a head approve by pressing Simpan unread: issue 35).
 */
export default function LoanConfirm({
  loan,
  labs,
  submitHref,
}: {
  loan: LoanSummaryData & { id: number; number: string }
  labs: string[]
  submitHref: string
}) {
  // No decision until the head chooses one (issue 35, item 12).
  const form = useForm({ status: '' as '' | 'Confirmed' | 'Rejected', reason: '' })
  return (
    <FormPage
      title={`Konfirmasi Peminjaman ${loan.number}`}
      subtitle={`Keputusan untuk laboratorium ${labs.join(', ')}`}
      backHref={`/calibrator/loan/${loan.id}/detail`}
      onSubmit={() => form.post(submitHref)}
      form={form}
    >
      <div className="md:col-span-2">
        <LoanSummary loan={loan} />
      </div>
      <div className="md:col-span-2">
        <Field label="Keputusan" required error={form.errors.status}>
          {() => (
            <div role="radiogroup" aria-label="Keputusan" className="flex gap-4 text-sm">
              {DECISIONS.map((decision) => (
                <label key={decision.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="status"
                    value={decision.value}
                    checked={form.data.status === decision.value}
                    onChange={() => form.setData('status', decision.value)}
                  />
                  {decision.label}
                </label>
              ))}
            </div>
          )}
        </Field>
      </div>
      {form.data.status === 'Rejected' && (
        <div className="md:col-span-2">
          <TextAreaField
            label="Alasan Ditolak"
            required
            rows={3}
            maxLength={1000}
            {...bind(form, 'reason')}
          />
        </div>
      )}
    </FormPage>
  )
}
