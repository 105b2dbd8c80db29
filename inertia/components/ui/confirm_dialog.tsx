import { useEffect, useRef } from 'react'
import { Button } from '~/components/ui/button'

type ConfirmDialogProps = {
  open: boolean
  message: string
  confirmLabel?: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A styled confirmation before a destructive action (instead of the browser's
 * confirm()). It is in the page only while open, so a closed one adds no
 * buttons to the page (nor to what assistive technology lists).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null
}

function OpenDialog({
  message,
  confirmLabel = 'Ya, lanjutkan',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog
      ref={dialog}
      onCancel={onCancel}
      aria-label="Konfirmasi"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="text-sm">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Batal
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
