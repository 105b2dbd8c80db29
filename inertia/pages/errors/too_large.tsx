import { ErrorPage } from '~/components/error_page'

/** A request body over the server's limit (config/bodyparser.ts): nothing was saved. */
export default function TooLarge({ limit }: { limit: string }) {
  return (
    <ErrorPage
      code={413}
      title="Berkas Terlalu Besar"
      message={`Yang dikirim lebih dari ${limit} sekaligus, jadi tidak ada yang disimpan. Kembali ke halaman sebelumnya, lalu kirim berkas yang lebih kecil atau sedikit demi sedikit.`}
    />
  )
}
