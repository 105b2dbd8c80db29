import type { FormEvent, ReactNode } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { Calculator, Mail } from 'lucide-react'
import AuthLayout from '~/layouts/auth_layout'
import { AuthHeading } from '~/components/auth_heading'
import { Button } from '~/components/ui/button'
import { TextField, PasswordField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { LABELS } from '~/lib/labels'
import { Notice } from '~/components/ui/notice'

const CONTACT_URL = 'mailto:layanan@kalibra.test?subject=Permohonan%20Akun%20Kalibra'

export default function Login({ throttleMessage }: { throttleMessage?: string }) {
  const form = useForm({ email: '', password: '' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post('/auth/verify', { onFinish: () => form.reset('password') })
  }

  return (
    <>
      <Head title="Masuk" />
      <div className="w-full max-w-md">
        <AuthHeading title="Selamat Datang" subtitle={LABELS.appTagline} />
        <form
          onSubmit={submit}
          noValidate
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          {throttleMessage && <Notice alert>{throttleMessage}</Notice>}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            {...bind(form, 'email')}
          />
          <PasswordField current label="Kata Sandi" {...bind(form, 'password')} />
          <Button type="submit" className="w-full" disabled={form.processing}>
            {form.processing ? 'Memproses...' : 'Masuk'}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
            <Link
              href="/simulation"
              className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-100"
            >
              <Calculator className="size-4" /> Simulasi Tarif
            </Link>
            <a
              href={CONTACT_URL}
              className="inline-flex items-center gap-1 text-slate-600 hover:underline dark:text-slate-400"
            >
              <Mail className="size-4" /> Belum punya akun? Hubungi kami
            </a>
          </div>
        </form>
      </div>
    </>
  )
}

Login.layout = (page: ReactNode) => <AuthLayout>{page}</AuthLayout>
