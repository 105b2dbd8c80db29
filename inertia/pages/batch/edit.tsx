import type { FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { AlertTriangle, Download, Upload } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { FileInput } from '~/components/ui/file_input'

type RowError = {
  row: number
  messages: string[]
}

type Props = {
  title: string
  listPath: string
  columns: { header: string; required: boolean; description: string }[]
  outcome: { message: string; errors: RowError[] } | null
}

/** Batch edit of a master-data list (spec part 1, Batch-edit pages). */
export default function BatchEdit({ title, listPath, columns, outcome }: Props) {
  const form = useForm<{ file: File | null }>({ file: null })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${listPath}/batch/update`, { forceFormData: true })
  }

  return (
    <>
      <Head title={title} />
      <PageHeader title={title} backHref={listPath} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="p-6">
          <p className="mb-4 flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
            <AlertTriangle className="size-5 shrink-0" />
            Perhatian: bila Anda baru pertama kali menggunakan fitur ini atau belum yakin, hubungi
            tim TI terlebih dahulu agar tidak terjadi perubahan data yang tidak diinginkan.
          </p>
          <form onSubmit={submit} noValidate className="space-y-4">
            <Field label="Berkas Excel (.xlsx, maks. 5 MB)" error={form.errors.file}>
              {(id, describedBy) => (
                <FileInput
                  id={id}
                  name="file"
                  required
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-describedby={describedBy}
                  onFile={(file) => form.setData('file', file)}
                />
              )}
            </Field>
            {form.progress && (
              <progress value={form.progress.percentage} max="100" className="w-full">
                {form.progress.percentage}%
              </progress>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={form.processing || !form.data.file}>
                <Upload className="size-4" /> {form.processing ? 'Mengunggah...' : 'Unggah'}
              </Button>
              <a href={`${listPath}/batch/edit/format`} className={buttonClass('secondary')}>
                <Download className="size-4" /> Unduh Format
              </a>
            </div>
          </form>
          {outcome && outcome.errors.length > 0 && (
            <div className="mt-6" data-testid="batch-errors">
              <h2 className="mb-2 font-semibold text-red-700 dark:text-red-300">
                {outcome.message}
              </h2>
              <ul className="max-h-96 space-y-1 overflow-y-auto text-sm">
                {outcome.errors.map((error) => (
                  <li
                    key={error.row}
                    className="rounded border border-red-100 p-2 dark:border-red-900"
                  >
                    <span className="font-medium">Baris {error.row}:</span>{' '}
                    {error.messages.join(' ')}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 font-semibold">Kolom pada berkas</h2>
          <dl className="space-y-2 text-sm">
            {columns.map((column) => (
              <div key={column.header}>
                <dt className="font-medium">
                  {column.header}
                  {column.required && <span className="text-red-600"> *</span>}
                </dt>
                <dd className="text-slate-600 dark:text-slate-400">{column.description}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  )
}
