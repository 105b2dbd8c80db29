import type { ChangeEvent } from 'react'

export type FormLike<T> = {
  data: T
  errors: Partial<Record<keyof T, string>>
  setData: <K extends keyof T>(key: K, value: T[K]) => void
  clearErrors?(...fields: (keyof T & string)[]): void
}

/**
 * Props of a text input bound to one field of an Inertia form, with its server error; the error
 * goes as soon as the field is changed (issue 35).
 */
export function bind<T extends Record<string, any>>(form: FormLike<T>, name: keyof T & string) {
  return {
    name,
    value: (form.data[name] ?? '') as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      form.setData(name, event.target.value as T[typeof name])
      if (form.errors[name]) form.clearErrors?.(name)
    },
    error: form.errors[name],
  }
}
