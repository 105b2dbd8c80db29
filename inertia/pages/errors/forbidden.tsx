import { ErrorPage } from '~/components/error_page'

export default function Forbidden({ message }: { message?: string | null }) {
  return (
    <ErrorPage
      code={403}
      title="Akses Ditolak"
      message={message || 'Anda tidak memiliki akses ke halaman atau tindakan ini.'}
    />
  )
}
