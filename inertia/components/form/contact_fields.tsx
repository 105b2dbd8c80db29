import { TextField } from '~/components/ui/field'
import { bind, type FormLike } from '~/lib/bind'

/**
 * A contact person's name and telephone, side by side, both required: 'Nama {who}' and
 * 'Telepon {who}' (the facility's person in charge, the order's contact, the receiver).
 */
export function ContactFields<T extends Record<string, any>>({
  form,
  who,
  name,
  phone,
}: {
  form: FormLike<T>
  who: string
  name: keyof T & string
  phone: keyof T & string
}) {
  return (
    <>
      <TextField label={`Nama ${who}`} required {...bind(form, name)} />
      <TextField label={`Telepon ${who}`} required type="tel" {...bind(form, phone)} />
    </>
  )
}
