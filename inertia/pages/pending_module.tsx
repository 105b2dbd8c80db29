import { Head } from '@inertiajs/react'
import { Construction } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'

/** A menu entry whose screen is still being built; the route is already guarded. */
export default function PendingModule({ title }: { title: string }) {
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} />
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <Construction className="size-10 text-amber-500" />
        <p className="font-medium">Modul ini sedang disiapkan.</p>
        <p className="max-w-md text-sm text-slate-500">
          Halaman {title} akan tersedia pada pembaruan berikutnya. Hubungi tim TI bila Anda
          membutuhkannya segera.
        </p>
      </Card>
    </>
  )
}
