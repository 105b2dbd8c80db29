import type { ChangeEvent } from 'react'

export type FormLike<T> = {
  data: T
  errors: Partial<Record<keyof T, string>>
  setData: <K extends keyof T>(key: K, value: T[K]) => void
}

/** Props of a text input bound to one field of an Inertia form, with its server error. */
export function bind<T extends Record<string, any>>(form: FormLike<T>, name: keyof T & string) {
  return {
    name,
    value: (form.data[name] ?? '') as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      form.setData(name, event.target.value as T[typeof name]),
    error: form.errors[name],
  }
}
