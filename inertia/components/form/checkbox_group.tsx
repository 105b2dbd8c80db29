import type { ReactNode } from 'react'
import { CheckboxField } from '~/components/ui/field'
import type { FormLike } from '~/lib/bind'

/** Yes/no boxes of one form, two columns wide, under an optional legend; `children` follow. */
export function CheckboxGroup({
  form,
  flags,
  legend,
  children,
}: {
  form: FormLike<Record<string, unknown>>
  flags: readonly (readonly [string, string])[]
  legend?: string
  children?: ReactNode
}) {
  return (
    <fieldset className="grid gap-2 md:col-span-2 sm:grid-cols-2">
      {legend && (
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          {legend}
        </legend>
      )}
      {flags.map(([key, label]) => (
        <CheckboxField
          key={key}
          name={key}
          label={label}
          checked={!!form.data[key]}
          onChange={(checked) => form.setData(key, checked)}
          error={form.errors[key]}
        />
      ))}
      {children}
    </fieldset>
  )
}
