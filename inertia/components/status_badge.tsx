import { cn } from '~/lib/cn'

const COLORS: Record<string, string> = {
  'MENUNGGU': 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  'ORDER DITERIMA': 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  'DITOLAK': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  'ALAT DITERIMA': 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/40 dark:text-indigo-200',
  'PROSES PENGERJAAN': 'bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200',
  'MENUNGGU FEEDBACK': 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-200',
  'SELESAI': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  'BELUM SELESAI': 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  'BATAL UJI': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', COLORS[status] ?? COLORS['BELUM SELESAI'])}>
      {status}
    </span>
  )
}
