import { formatRupiah, MONTHS } from '~/lib/format'
import type { LabGroup } from '~/components/simulation/lab_groups'

/** `24 November 2026`, in the reader's own calendar day. */
function longDate(date: Date) {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`
}

const cell = 'border border-slate-400 px-2 py-1'

/**
 * The estimate as it is printed, and only printed (hidden on screen): the chosen devices per
 * lab with quantity, unit tariff and line total, each lab's subtotal, the grand total, the date
 * and what the estimate leaves out. Explicit dark-on-white colours, whatever the screen theme.
 */
export function PrintableEstimate({
  labName,
  groups,
  total,
  printedAt,
}: {
  labName: string
  groups: LabGroup[]
  total: number
  printedAt: Date
}) {
  const chosen = groups.filter((group) => group.lines.length > 0)
  return (
    <article
      data-testid="printable-estimate"
      className="hidden bg-white text-[11pt] leading-snug text-black print:block"
    >
      <header className="mb-4 border-b-2 border-black pb-2">
        <p className="text-sm">{labName}</p>
        <h1 className="text-xl font-bold">Estimasi Biaya Layanan</h1>
        <p className="text-sm">Tanggal: {longDate(printedAt)}</p>
      </header>

      {chosen.length === 0 && <p>Belum ada alat yang dipilih.</p>}

      {chosen.map((group) => (
        <section key={group.key} className="mb-4 break-inside-avoid-page">
          <h2 className="mb-1 font-semibold">{group.label}</h2>
          <table className="w-full border-collapse text-[10pt]">
            <thead>
              <tr className="text-left">
                <th className={`${cell} w-8 text-center`}>No</th>
                <th className={cell}>Nama Alat</th>
                <th className={`${cell} w-16 text-center`}>Jumlah</th>
                <th className={`${cell} w-32 text-right`}>Tarif Satuan</th>
                <th className={`${cell} w-36 text-right`}>Total</th>
              </tr>
            </thead>
            <tbody>
              {group.lines.map((line, index) => (
                <tr key={line.item.id} className="break-inside-avoid">
                  <td className={`${cell} text-center`}>{index + 1}</td>
                  <td className={cell}>{line.item.name}</td>
                  <td className={`${cell} text-center`}>{line.quantity}</td>
                  <td className={`${cell} text-right`}>{formatRupiah(line.item.price)}</td>
                  <td className={`${cell} text-right`}>{formatRupiah(line.total)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <td className={`${cell} text-right`} colSpan={4}>
                  Subtotal {group.shortLabel}
                </td>
                <td className={`${cell} text-right`}>{formatRupiah(group.subtotal)}</td>
              </tr>
            </tbody>
          </table>
        </section>
      ))}

      {chosen.length > 0 && (
        <p className="mb-4 flex justify-between border-y-2 border-black py-2 text-base font-bold">
          <span>Total Estimasi</span>
          <span>{formatRupiah(total)}</span>
        </p>
      )}

      <footer className="space-y-1 text-[9pt]">
        <p className="font-semibold">Catatan:</p>
        <ul className="list-disc pl-5">
          <li>Dokumen ini adalah estimasi biaya, bukan tagihan (invoice).</li>
          <li>
            Estimasi belum termasuk biaya akomodasi dan perjalanan petugas untuk layanan di lokasi
            fasyankes (insitu).
          </li>
          <li>Tarif mengikuti daftar tarif yang berlaku pada tanggal cetak dan dapat berubah.</li>
        </ul>
      </footer>
    </article>
  )
}
