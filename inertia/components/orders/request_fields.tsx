import { SelectField } from '~/components/ui/field'
import { FileField } from '~/components/ui/file_input'
import { bind, type FormLike } from '~/lib/bind'
import { optionsOf } from '~/lib/options'

type RequestForm = FormLike<{ fasyankes_id: string; letter: File | null }>

/**
 * The start of an order request of either type: the facility (a chooser for staff only, when
 * the server sends facilities) and the application letter (required on a new request).
 */
export function RequestFields({
  form,
  facilities,
  editing,
  decisionRule,
}: {
  form: RequestForm
  facilities: { id: number; name: string }[]
  editing: boolean
  /** The decision rule the request agrees to (ILAC-G8), stated before it is sent. */
  decisionRule: { label: string; statement: string }
}) {
  return (
    <>
      <p
        className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 md:col-span-2 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
        data-decision-rule
      >
        {decisionRule.statement} Dengan mengajukan permintaan ini, fasyankes menyetujui aturan
        keputusan tersebut untuk pernyataan kesesuaian pada sertifikat.
      </p>
      {facilities.length > 0 && (
        <div className="md:col-span-2">
          <SelectField
            label="Fasyankes"
            placeholder="Pilih fasyankes"
            options={optionsOf(facilities)}
            {...bind(form, 'fasyankes_id')}
          />
        </div>
      )}
      <FileField
        label={
          editing
            ? 'Surat Permohonan (kosongkan bila tidak diganti)'
            : 'Surat Permohonan (PDF/gambar, maks. 5 MB)'
        }
        name="letter"
        error={form.errors.letter}
        onFile={(file) => form.setData('letter', file)}
      />
    </>
  )
}
