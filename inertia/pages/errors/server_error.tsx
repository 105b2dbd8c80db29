import { ErrorPage } from '~/components/error_page'

export default function ServerError() {
  return (
    <ErrorPage
      code={500}
      title="Terjadi Kesalahan"
      message="Maaf, terjadi kesalahan pada server. Silakan coba lagi; bila berulang, hubungi tim TI."
    />
  )
}
