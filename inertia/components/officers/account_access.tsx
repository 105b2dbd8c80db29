import { useState } from 'react'
import { Link, router, useHttp } from '@inertiajs/react'
import { Copy, KeyRound, LogOut, ShieldAlert, UserCog } from 'lucide-react'
import { Card } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { controlClass } from '~/components/ui/field'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'

export type AccountAccess = {
  manageable: boolean
  refusal: string | null
  linkHours: number
}

type IssuedLink = {
  url: string
  expiresAt: string
  hours: number
}

/**
 * Sign-in access of an officer on its edit page: a one-time set-password link
 * (shown once, copyable) and "end all sessions". Only for accounts the viewer
 * may manage; the server checks the same rule.
 */
export function AccountAccessPanel({
  officer,
  access,
}: {
  officer: { id: number; name: string }
  access: AccountAccess
}) {
  const http = useHttp<Record<string, never>, IssuedLink>({})
  const [link, setLink] = useState<IssuedLink | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  const issue = async () => {
    setFailure(null)
    setCopied(false)
    try {
      setLink(await http.post(`/officer/${officer.id}/password-link`))
    } catch (error) {
      const data = (error as { response?: { data?: string } }).response?.data
      let message = 'Tautan tidak dapat dibuat. Muat ulang halaman, lalu coba lagi.'
      try {
        message = JSON.parse(data ?? '').message ?? message
      } catch {}
      setFailure(message)
    }
  }

  const copy = async () => {
    if (!link) return
    await navigator.clipboard?.writeText(link.url).catch(() => {})
    setCopied(true)
  }

  const [confirmingEnd, setConfirmingEnd] = useState(false)
  const endSessions = () => {
    setConfirmingEnd(false)
    router.post(`/officer/${officer.id}/sessions/end`, {}, { preserveScroll: true })
  }

  return (
    <Card className="mt-4 max-w-4xl space-y-5 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Akses Akun</h2>
        <Link href={`/officer/${officer.id}/role`} className={buttonClass('secondary')}>
          <UserCog className="size-4" /> Atur Peran
        </Link>
      </div>
      {!access.manageable ? (
        <p className="flex gap-2 text-sm text-slate-600 dark:text-slate-400">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>{access.refusal}</span>
        </p>
      ) : (
        <>
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Tautan Atur Kata Sandi
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Petugas mengatur sendiri kata sandinya melalui tautan sekali pakai yang berlaku{' '}
              {access.linkHours} jam. Membuat tautan baru membatalkan tautan sebelumnya, dan memakai
              tautan mengakhiri semua sesi petugas.
            </p>
            {link ? (
              <div className="space-y-2 rounded-md border border-brand-200 bg-brand-50 p-3 dark:border-brand-900 dark:bg-slate-800">
                <label
                  htmlFor="password-link"
                  className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                >
                  Tautan untuk {officer.name}
                </label>
                <div className="flex gap-2">
                  <input
                    id="password-link"
                    readOnly
                    value={link.url}
                    onFocus={(e) => e.target.select()}
                    className={controlClass()}
                  />
                  <Button variant="secondary" onClick={copy}>
                    <Copy className="size-4" /> {copied ? 'Tersalin' : 'Salin'}
                  </Button>
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Berlaku {link.hours} jam, sampai {link.expiresAt}, dan hanya dapat dipakai sekali.
                  Tautan ini hanya ditampilkan sekarang: salin dan kirimkan langsung kepada petugas.
                </p>
              </div>
            ) : null}
            {failure && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {failure}
              </p>
            )}
            <Button variant="secondary" onClick={issue} disabled={http.processing}>
              <KeyRound className="size-4" />{' '}
              {link ? 'Buat tautan baru' : 'Buat tautan atur kata sandi'}
            </Button>
          </section>
          <section className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">Sesi</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Keluarkan petugas dari semua perangkat, misalnya bila perangkatnya hilang atau akunnya
              diduga dipakai orang lain.
            </p>
            <Button variant="danger" onClick={() => setConfirmingEnd(true)}>
              <LogOut className="size-4" /> Akhiri semua sesi
            </Button>
            <ConfirmDialog
              open={confirmingEnd}
              message={`Akhiri semua sesi ${officer.name}? Petugas ini akan keluar dari semua perangkat dan harus masuk kembali.`}
              confirmLabel="Ya, akhiri semua sesi"
              onConfirm={endSessions}
              onCancel={() => setConfirmingEnd(false)}
            />
          </section>
        </>
      )}
    </Card>
  )
}
