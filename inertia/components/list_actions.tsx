import type React from 'react'
import { Link } from '@inertiajs/react'
import { FileSpreadsheet, Plus } from 'lucide-react'
import { buttonClass } from '~/components/ui/button'

/** 'Tambah' and 'Batch Edit' buttons of a master-data list, shown to those who may edit it. */
export function ListActions({ path, addLabel }: { path: string; addLabel: string }) {
  return (
    <>
      <Link href={`${path}/batch/edit`} className={buttonClass('secondary')}>
        <FileSpreadsheet className="size-4" /> Batch Edit
      </Link>
      <Link href={`${path}/create`} className={buttonClass('primary')}>
        <Plus className="size-4" /> {addLabel}
      </Link>
    </>
  )
}

export function RowLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
    >
      {children}
    </Link>
  )
}
