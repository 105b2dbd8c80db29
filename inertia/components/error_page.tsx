import { Head, Link, usePage } from '@inertiajs/react'

export function ErrorPage({
  code,
  title,
  message,
}: {
  code: number
  title: string
  message: string
}) {
  const { auth } = usePage().props
  return (
    <>
      <Head title={title} />
      <div className="mx-auto mt-16 max-w-lg text-center">
        <p className="text-5xl font-bold text-brand-600">{code}</p>
        <h1 className="mt-4 text-xl font-semibold">{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{message}</p>
        <Link
          href={auth ? '/' : '/login'}
          className="mt-6 inline-block text-brand-700 hover:underline dark:text-brand-100"
        >
          Kembali ke beranda
        </Link>
      </div>
    </>
  )
}
