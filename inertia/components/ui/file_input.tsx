import { useRef, useState, type InputHTMLAttributes } from 'react'
import { Field } from '~/components/ui/field'
import { buttonClass } from '~/components/ui/button'
import { cn } from '~/lib/cn'

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  onFile?: (file: File | null) => void
  /** With `multiple`: every file chosen. */
  onFiles?: (files: File[]) => void
  /** Classes of the visible row (button and file name). */
  rowClassName?: string
}

/**
 * A file chooser in Indonesian: the browser's own control speaks the browser's language
 * ("Choose File"), so the real input is visually hidden behind a "Pilih Berkas" button
 * and the chosen file's name. The input keeps its label, id and keyboard focus, so
 * forms, screen readers and tests reach it as before.
 */
export function FileInput({
  onFile,
  onFiles,
  rowClassName,
  className,
  id,
  ...props
}: FileInputProps) {
  const [name, setName] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-2', rowClassName)}>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          setName(files.length > 1 ? `${files.length} berkas dipilih` : (files[0]?.name ?? null))
          onFile?.(files[0] ?? null)
          onFiles?.(files)
        }}
        {...props}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={props.disabled}
        onClick={() => input.current?.click()}
        className={cn(buttonClass('secondary', 'py-1.5'), className)}
      >
        Pilih Berkas
      </button>
      <span className="min-w-0 truncate text-sm text-slate-500">
        {name ?? 'Belum ada berkas dipilih'}
      </span>
    </div>
  )
}

/** A labelled file field of a form: a PDF or image letter by default. */
export function FileField({
  label,
  name,
  error,
  hint,
  required,
  accept = '.pdf,.jpg,.jpeg,.png',
  onFile,
  onFiles,
}: {
  label: string
  name: string
  error?: string
  hint?: string
  required?: boolean
  accept?: string
  onFile?: (file: File | null) => void
  /** Several files may be chosen; each change gives them all. */
  onFiles?: (files: File[]) => void
}) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(id, describedBy) => (
        <FileInput
          id={id}
          name={name}
          accept={accept}
          multiple={!!onFiles}
          aria-describedby={describedBy}
          onFile={onFile}
          onFiles={onFiles}
        />
      )}
    </Field>
  )
}
