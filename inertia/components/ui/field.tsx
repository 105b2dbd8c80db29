import type React from 'react'
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { cn } from '~/lib/cn'

export const controlClass = (invalid?: boolean) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400',
    'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
    'dark:bg-slate-900 dark:text-slate-100',
    invalid ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700'
  )

type FieldProps = {
  label: string
  error?: string
  hint?: ReactNode
  /** Marks the label with a red asterisk (the control itself carries `required`). */
  required?: boolean
  children: (id: string, describedBy: string | undefined) => ReactNode
}

/** A label, the control, and the server's error under it (spec: errors under the matching input). */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="space-y-1">
      {/* The asterisk sits beside the label, not in it: the field's name stays its label. */}
      <div className="flex items-baseline gap-0.5">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      {children(id, error ? errorId : undefined)}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

export function TextField({
  label,
  error,
  hint,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint} required={props.required}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={controlClass(!!error)}
          {...props}
        />
      )}
    </Field>
  )
}

/** A whole-number box (a count, minutes, months): numeric keypad on phones, never below `min`. */
export function NumberField({ min = 0, ...props }: Parameters<typeof TextField>[0]) {
  return <TextField type="number" inputMode="numeric" min={min} {...props} />
}

/** A password box: a new password unless `current` (the browser offers the saved one then). */
export function PasswordField({
  current,
  ...props
}: Omit<Parameters<typeof TextField>[0], 'type'> & { current?: boolean }) {
  return (
    <TextField
      type="password"
      autoComplete={current ? 'current-password' : 'new-password'}
      {...props}
    />
  )
}

export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  error?: string
  placeholder?: string
  options: { value: string | number; label: string }[]
}) {
  return (
    <Field label={label} error={error} required={props.required}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={controlClass(!!error)}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export function TextAreaField({
  label,
  error,
  maxLength,
  value,
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string
  value: string
}) {
  const length = value.length
  const nearLimit = maxLength !== undefined && length > maxLength * 0.9
  return (
    <Field
      label={label}
      error={error}
      required={props.required}
      hint={
        maxLength !== undefined ? (
          <span className={nearLimit ? 'text-amber-600' : undefined}>
            {`${length}/${maxLength}`}
          </span>
        ) : undefined
      }
    >
      {(id, describedBy) => (
        <textarea
          id={id}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={controlClass(!!error)}
          maxLength={maxLength}
          value={value}
          rows={3}
          {...props}
        />
      )}
    </Field>
  )
}

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  name,
  disabled,
  hint,
}: {
  label: string
  checked: boolean
  /** Left out for a box the server fills (shown disabled). */
  onChange?: (checked: boolean) => void
  error?: string
  name?: string
  disabled?: boolean
  hint?: string
}) {
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange?.(e.target.checked)}
          className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        {label}
      </label>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  )
}
