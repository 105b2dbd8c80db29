import { useState, type FormEvent } from 'react'
import { Head, router, useForm } from '@inertiajs/react'
import { CheckCircle2, Send } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { Notice } from '~/components/ui/notice'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { bind } from '~/lib/bind'

type Props = {
  /** The lab has a bot (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME). */
  available: boolean
  botName: string | null
  linked: boolean
  username: string | null
  /** The one-time deep link just made (shown once, after PUT /telegram/verify). */
  link: string | null
  linkMinutes: number
}

/** Hubungkan Telegram: name the account, open the bot from the link, see whether it is linked. */
export default function TelegramConnect({
  available,
  botName,
  linked,
  username,
  link,
  linkMinutes,
}: Props) {
  const form = useForm({ username: username ?? '' })
  const [unlinking, setUnlinking] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put('/telegram/verify', { preserveScroll: true })
  }
  return (
    <>
      <Head title="Hubungkan Telegram" />
      <PageHeader
        title="Hubungkan Telegram"
        subtitle="Terima pemberitahuan Kalibra (permintaan baru, tugas, persetujuan) di Telegram."
      />
      <ConfirmDialog
        open={unlinking}
        message="Putuskan Telegram? Pemberitahuan berikutnya dikirim lewat e-mail dan tetap tampil di Kalibra."
        confirmLabel="Ya, putuskan"
        onCancel={() => setUnlinking(false)}
        onConfirm={() => {
          setUnlinking(false)
          router.delete('/telegram/connect')
        }}
      />
      <Card className="max-w-xl space-y-4 p-6">
        <p className="flex items-center gap-2 text-sm" data-testid="telegram-state">
          {linked ? (
            <>
              <CheckCircle2 className="size-5 text-emerald-600" />
              Terhubung{username ? ` dengan @${username}` : ''}.
            </>
          ) : (
            <>Belum terhubung: pemberitahuan dikirim lewat e-mail dan tampil di Kalibra.</>
          )}
        </p>
        {!available && (
          <Notice>
            Bot Telegram laboratorium belum diatur (TELEGRAM_BOT_TOKEN dan TELEGRAM_BOT_NAME).
            Hubungi administrator; sementara itu pemberitahuan dikirim lewat e-mail.
          </Notice>
        )}
        {available && link && (
          <div className="rounded-md border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-800 dark:bg-brand-950">
            <p className="mb-2">
              Buka tautan ini dari akun Telegram @{form.data.username || username}, lalu tekan Start
              pada bot @{botName}. Tautan berlaku {linkMinutes} menit dan hanya sekali.
            </p>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 font-medium text-brand-700 underline dark:text-brand-200"
              data-testid="telegram-link"
            >
              <Send className="size-4" /> {link}
            </a>
            <p className="mt-2 text-xs text-slate-500">
              Sudah menekan Start? Muat ulang halaman ini untuk melihat statusnya.
            </p>
          </div>
        )}
        {available && (
          <form onSubmit={submit} noValidate className="space-y-3">
            <TextField
              label="Username Telegram"
              placeholder="contoh: budi_santoso"
              autoComplete="off"
              required
              {...bind(form, 'username')}
            />
            <Button type="submit" disabled={form.processing}>
              {linked ? 'Hubungkan Ulang' : 'Buat Tautan'}
            </Button>
          </form>
        )}
        {linked && (
          <Button variant="secondary" onClick={() => setUnlinking(true)}>
            Putuskan Telegram
          </Button>
        )}
      </Card>
    </>
  )
}
