import type { FormEvent, ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SubmitButton } from '~/components/form/submit_button'
import { UnsavedGuard } from '~/components/form/unsaved_guard'
import { buttonClass } from '~/components/ui/button'
import { LABELS } from '~/lib/labels'

/** What the frame reads of the page's Inertia form (`useForm`). */
type FormState = {
  processing: boolean
  recentlySuccessful: boolean
  isDirty: boolean
  wasSuccessful: boolean
}

/** The frame of every create/edit screen: title, back link, the fields, and the submit row. */
export function FormPage({
  title,
  subtitle,
  backHref,
  onSubmit,
  form,
  readOnly = false,
  children,
}: {
  title: string
  subtitle?: string
  backHref: string
  onSubmit: () => void
  /** The page's Inertia form: its progress, and whether it holds input not saved yet. */
  form: FormState
  /** Shown for reading only: no submit button (the server would refuse it now), "Kembali". */
  readOnly?: boolean
  children: ReactNode
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <>
      <Head title={title} />
      {/* Input not saved yet: leaving the page asks first (not while it is being sent). */}
      <UnsavedGuard dirty={form.isDirty && !form.wasSuccessful && !form.processing} />
      <PageHeader title={title} subtitle={subtitle} backHref={backHref} />
      <Card className="max-w-4xl p-6">
        <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
          {children}
          <div className="flex items-center gap-3 md:col-span-2">
            {!readOnly && (
              <SubmitButton
                processing={form.processing}
                recentlySuccessful={form.recentlySuccessful}
              />
            )}
            <Link href={backHref} className={buttonClass('ghost')}>
              {readOnly ? LABELS.back : LABELS.cancel}
            </Link>
          </div>
        </form>
      </Card>
    </>
  )
}
