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
}: {
  form: RequestForm
  facilities: { id: number; name: string }[]
  editing: boolean
}) {
  return (
    <>
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
