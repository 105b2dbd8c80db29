import type { ComponentProps, ReactNode } from 'react'
import { FormPage } from '~/components/form/form_page'

type RecordForm = ComponentProps<typeof FormPage>['form'] & {
  put: (url: string, options: { preserveScroll: boolean }) => void
  post: (url: string, options: { preserveScroll: boolean }) => void
}

/** What the server sends a register's form page (`recordFormProps`): title and where to go. */
export type Register = {
  title: string
  backHref: string
  submitHref: string
  method: 'post' | 'put'
}

/**
 * The form of one master-data record (officer, facility, device type, calibrator): sent
 * where the server says, by POST for a new one and PUT for an existing one; back is the list.
 */
export function RecordFormPage({
  register,
  subtitle,
  form,
  children,
}: {
  register: Register
  subtitle?: string
  form: RecordForm
  children: ReactNode
}) {
  const submit = () => form[register.method](register.submitHref, { preserveScroll: true })
  return (
    <FormPage
      title={register.title}
      subtitle={subtitle}
      backHref={register.backHref}
      onSubmit={submit}
      form={form}
    >
      {children}
    </FormPage>
  )
}
