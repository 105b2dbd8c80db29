import type { ComponentProps, ReactNode } from 'react'
import { FormPage } from '~/components/form/form_page'

type RecordForm = ComponentProps<typeof FormPage>['form'] & {
  put: (url: string, options: { preserveScroll: boolean }) => void
  post: (url: string, options: { preserveScroll: boolean }) => void
}

/** A master-data register's form: where it lives and its title when adding or editing. */
export type Register = { path: string; titles: { create: string; edit: string } }

/**
 * The form of one master-data record (officer, facility, device type, calibrator): a new
 * one is sent to `{path}/store`, an existing one to `{path}/{id}/update`; back is the list.
 */
export function RecordFormPage({
  register,
  record,
  subtitle,
  form,
  children,
}: {
  register: Register
  record: { id: number } | null
  subtitle?: string
  form: RecordForm
  children: ReactNode
}) {
  const { path, titles } = register
  const submit = () =>
    record
      ? form.put(`${path}/${record.id}/update`, { preserveScroll: true })
      : form.post(`${path}/store`, { preserveScroll: true })
  return (
    <FormPage
      title={record ? titles.edit : titles.create}
      subtitle={subtitle}
      backHref={path}
      onSubmit={submit}
      form={form}
    >
      {children}
    </FormPage>
  )
}
