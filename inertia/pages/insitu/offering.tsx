import { Head } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SimpleTable } from '~/components/ui/simple_table'
import { ActionButtons } from '~/components/orders/action_buttons'
import { Info } from '~/components/orders/order_page'
import { buttonClass } from '~/components/ui/button'
import type { Data } from '#generated/data'
import type { PageAction } from '#workflows/kit'

type Props = {
  order: { number: string }
  backHref: string
  /** Why the letter cannot be made yet (an estimation or accommodation missing), or null. */
  missing: string | null
  offering: Data.InsituOffering | null
  pdfHref: string | null
  /** Send, sign or upload the contract: what this user may do now. */
  actions: PageAction[]
}

/** The offering letter's figures, as its PDF prints them, with the next step of the offering. */
export default function InsituOffering({
  order,
  backHref,
  missing,
  offering,
  pdfHref,
  actions,
}: Props) {
  return (
    <>
      <Head title={`Surat Penawaran ${order.number}`} />
      <PageHeader
        title="Surat Penawaran"
        subtitle={order.number}
        backHref={backHref}
        actions={
          pdfHref && (
            <a
              href={pdfHref}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              Unduh PDF
            </a>
          )
        }
      />
      {missing || !offering ? (
        <Card className="p-5">
          <p className="text-sm text-amber-700 dark:text-amber-300" role="alert">
            Surat penawaran belum dapat dibuat. {missing}
          </p>
        </Card>
      ) : (
        <div className="space-y-4">
          <Card className="p-5">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Info label="Kepada">{offering.fasyankes}</Info>
              <Info label="Alamat">{offering.address}</Info>
              <Info label="Tahun pelaksanaan">{offering.execution_year}</Info>
              <Info label="Surat permohonan">
                {offering.letter_number}, {offering.formatted_letter_date}
              </Info>
              {offering.formatted_sent_at && (
                <Info label="Dikirim">{offering.formatted_sent_at}</Info>
              )}
              {offering.signature && (
                <Info label="Disetujui">
                  {offering.signature.name} ({offering.signature.position}),{' '}
                  {offering.signature.formatted_signed_at}
                </Info>
              )}
            </dl>
          </Card>
          {offering.labs.map((lab) => (
            <Card key={lab.lab} className="p-5">
              <h2 className="mb-3 font-semibold">Laboratorium {lab.label}</h2>
              <SimpleTable
                rows={[
                  ...lab.items.map((item) => ({
                    key: `item-${item.name}-${item.price}`,
                    name: item.name,
                    quantity: String(item.quantity),
                    price: item.formatted_price,
                    amount: item.formatted_subtotal,
                  })),
                  ...lab.costs.map((cost) => ({
                    key: `cost-${cost.label}`,
                    name: `Akomodasi: ${cost.label}`,
                    quantity: '',
                    price: '',
                    amount: cost.formatted_amount,
                  })),
                ]}
                rowKey={(row) => row.key}
                columns={[
                  { header: 'Uraian', cell: (row) => row.name },
                  { header: 'Jumlah', cell: (row) => row.quantity },
                  { header: 'Tarif', cell: (row) => row.price },
                  { header: 'Subtotal', cell: (row) => row.amount },
                ]}
              />
              <p className="mt-3 text-right text-sm" data-testid={`offering-total-${lab.lab}`}>
                Total {lab.label}: <strong>{lab.formatted_total}</strong>
              </p>
            </Card>
          ))}
          <Card className="p-5">
            <p className="text-lg" data-testid="offering-total">
              Total penawaran: <strong>{offering.formatted_total}</strong>
            </p>
            <p className="mt-1 text-sm text-slate-600 italic dark:text-slate-300">
              Terbilang: {offering.total_in_words}
            </p>
            <div className="mt-4 flex flex-wrap gap-2" data-testid="offering-actions">
              <ActionButtons actions={actions} />
            </div>
          </Card>
        </div>
      )}
    </>
  )
}
