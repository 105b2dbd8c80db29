import type { FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { PasswordField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { SubmitButton } from '~/components/form/submit_button'

export default function Password() {
  const form = useForm({ old_password: '', new_password: '', confirmation_password: '' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put('/password', {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }

  const errors = form.errors as Record<string, string | undefined>
  return (
    <>
      <Head title="Ubah Kata Sandi" />
      <PageHeader
        title="Ubah Kata Sandi"
        subtitle="Kata sandi baru minimal 8 karakter dan berbeda dari kata sandi lama."
      />
      <Card className="max-w-xl p-6">
        <form onSubmit={submit} noValidate className="space-y-4">
          <PasswordField current label="Kata Sandi Lama" {...bind(form, 'old_password')} />
          <PasswordField label="Kata Sandi Baru" {...bind(form, 'new_password')} />
          <PasswordField
            label="Konfirmasi Kata Sandi Baru"
            name="confirmation_password"
            value={form.data.confirmation_password}
            onChange={(e) => form.setData('confirmation_password', e.target.value)}
            error={errors.password_confirmation ?? errors.confirmation_password}
          />
          <SubmitButton processing={form.processing} recentlySuccessful={form.recentlySuccessful} />
        </form>
      </Card>
    </>
  )
}
