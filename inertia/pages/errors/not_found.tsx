import { ErrorPage } from '~/components/error_page'

export default function NotFound() {
  return (
    <ErrorPage
      code={404}
      title="Halaman Tidak Ditemukan"
      message="Halaman yang Anda cari tidak ada atau sudah dipindahkan."
    />
  )
}
