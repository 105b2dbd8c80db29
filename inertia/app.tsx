import './css/app.css'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { createInertiaApp, router } from '@inertiajs/react'
import { QueryClientProvider } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import AppLayout from '~/layouts/app_layout'
import { queryClient } from '~/lib/query_client'
import { watchRefusedForms } from '~/lib/refused_forms'

// Flash messages of type success or error become toasts (spec part 1, Layout).
router.on('flash', (event) => {
  const { success, error } = event.detail.flash
  if (success) toast.success(success)
  if (error) toast.error(error)
})

watchRefusedForms()

// After any write, every list refetches instead of showing its 5-minute-old copy.
router.on('finish', (event) => {
  if (event.detail.visit.method !== 'get') queryClient.invalidateQueries()
})

/** Pages outside the signed-in shell set their own layout (login, error pages). */
const pages = import.meta.glob<{ default: { layout?: unknown } }>('./pages/**/*.tsx')

createInertiaApp({
  title: (title) => (title ? `${title} - Kalibra` : 'Kalibra'),
  resolve: async (name) => {
    const importPage = pages[`./pages/${name}.tsx`]
    if (!importPage) throw new Error(`Halaman ${name} tidak ditemukan`)
    const module = await importPage()
    const page = module.default as { layout?: unknown }
    if (page.layout === undefined)
      page.layout = (child: ReactNode) => <AppLayout>{child}</AppLayout>
    return page as never
  },
  setup({ el, App, props }) {
    createRoot(el).render(
      <QueryClientProvider client={queryClient}>
        <App {...props} />
      </QueryClientProvider>
    )
  },
  progress: { delay: 250, color: '#0d9488', showSpinner: false },
})
