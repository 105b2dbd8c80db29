import { useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'

/**
 * While a form holds input not yet saved, leaving the page asks first: a link inside the
 * app opens a dialog; closing the tab or reloading gets the browser's own question.
 * Submitting the form itself (any method but GET) is never held back.
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const [pendingUrl, setPendingUrl] = useState<string | null>(null)
  const leaving = useRef(false)

  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    const stop = router.on('before', (event) => {
      const visit = event.detail.visit
      if (leaving.current || visit.method !== 'get') return
      if (visit.url.href === window.location.href) return
      // A partial reload refreshes some of this page's props: the form stays as it is.
      if (visit.only.length) return
      setPendingUrl(visit.url.href)
      return false
    })
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      stop()
    }
  }, [dirty])

  return (
    <ConfirmDialog
      open={pendingUrl !== null}
      message="Perubahan pada formulir ini belum disimpan. Tinggalkan halaman tanpa menyimpan?"
      confirmLabel="Tinggalkan"
      onCancel={() => setPendingUrl(null)}
      onConfirm={() => {
        const url = pendingUrl
        setPendingUrl(null)
        if (url) {
          leaving.current = true
          router.visit(url)
        }
      }}
    />
  )
}
