import type { FormEvent, ReactNode } from 'react'
import { Head, Link, useForm, usePage } from '@inertiajs/react'
import { KeyRound, TriangleAlert } from 'lucide-react'
import AuthLayout from '~/layouts/auth_layout'
import { Button, buttonClass } from '~/components/ui/button'
import { PasswordField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { AuthHeading } from '~/components/auth_heading'

type Props = {
  state: 'ready' | 'unknown' | 'used' | 'expired'
  message: string | null
  account: { name: string; email: string } | null
  expiresAt: string | null
}

const boxClass =
  'space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900'

/** The page a set-password link opens: the officer chooses their own password (or learns why the link is spent). */
export default function SetPassword({ state, message, account, expiresAt }: Props) {
  const form = useForm({ password: '', password_confirmation: '' })
  const { url } = usePage()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(url, { onFinish: () => form.reset() })
  }

  return (
    <>
      <Head title="Atur Kata Sandi" />
      <div className="w-full max-w-md">
        <AuthHeading title="Atur Kata Sandi" />
        {state !== 'ready' || !account ? (
          <div className={boxClass} data-state={state}>
            <p role="alert" className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <span>{message}</span>
            </p>
            <Link href="/login" className={buttonClass('secondary', 'w-full')}>
              Ke halaman masuk
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className={boxClass}>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Buat kata sandi untuk akun{' '}
              <strong className="text-slate-900 dark:text-slate-100">{account.name}</strong> (
              {account.email}). Tautan ini hanya dapat dipakai sekali dan berlaku sampai {expiresAt}
              .
            </p>
            <PasswordField
              label="Kata Sandi Baru"
              autoFocus
              {...bind(form, 'password')}
              hint="Minimal 8 karakter; paling mudah berupa gabungan beberapa kata, angka, atau simbol."
            />
            <PasswordField
              label="Konfirmasi Kata Sandi Baru"
              {...bind(form, 'password_confirmation')}
            />
            <Button type="submit" className="w-full" disabled={form.processing}>
              <KeyRound className="size-4" />{' '}
              {form.processing ? 'Menyimpan...' : 'Simpan Kata Sandi'}
            </Button>
          </form>
        )}
      </div>
    </>
  )
}

SetPassword.layout = (page: ReactNode) => <AuthLayout>{page}</AuthLayout>
