import { Head, usePage } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'

export default function Dashboard() {
  const { auth } = usePage().props
  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" subtitle={`Selamat datang, ${auth?.user.name ?? ''}`} />
    </>
  )
}
