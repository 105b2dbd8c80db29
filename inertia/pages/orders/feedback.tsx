import { useForm } from '@inertiajs/react'
import { Star } from 'lucide-react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { TextAreaField, TextField } from '~/components/ui/field'
import { cn } from '~/lib/cn'

type Props = OrderFormLinks & {
  groups: { title: string; questions: { code: string; text: string }[] }[]
}

/** The satisfaction questionnaire: 14 questions in four groups, 1 to 5 stars each. */
export default function FeedbackForm(props: Props) {
  const { groups } = props
  const codes = groups.flatMap((g) => g.questions.map((q) => q.code))
  const form = useForm<Record<string, string | number>>({
    unit: '',
    critic: '',
    ...Object.fromEntries(codes.map((c) => [c, 0])),
  })
  const errors = form.errors as Record<string, string | undefined>
  return (
    <OrderFormPage title="Umpan Balik Layanan" page={props} form={form} post>
      <div className="md:col-span-2">
        <TextField
          label="Unit/Ruangan Pengisi"
          name="unit"
          value={String(form.data.unit)}
          onChange={(e) => form.setData('unit', e.target.value)}
          error={errors.unit}
        />
      </div>
      {groups.map((group) => (
        <fieldset key={group.title} className="space-y-3 md:col-span-2">
          <legend className="font-semibold">{group.title}</legend>
          {group.questions.map((question) => (
            <div
              key={question.code}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 dark:border-slate-800"
            >
              <p className="text-sm">{question.text}</p>
              <div role="radiogroup" aria-label={question.text} className="flex gap-1">
                {[1, 2, 3, 4, 5].map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={form.data[question.code] === value}
                    aria-label={`${value} bintang`}
                    onClick={() => form.setData(question.code, value)}
                  >
                    <Star
                      className={cn(
                        'size-6',
                        Number(form.data[question.code]) >= value
                          ? 'fill-amber-400 text-amber-400'
                          : 'text-slate-300'
                      )}
                    />
                  </button>
                ))}
              </div>
              {errors[question.code] && (
                <p className="w-full text-xs text-red-600">Beri nilai 1 sampai 5 bintang.</p>
              )}
            </div>
          ))}
        </fieldset>
      ))}
      <div className="md:col-span-2">
        <TextAreaField
          label="Kritik dan Saran"
          name="critic"
          maxLength={2000}
          value={String(form.data.critic)}
          onChange={(e) => form.setData('critic', e.target.value)}
          error={errors.critic}
        />
      </div>
    </OrderFormPage>
  )
}
