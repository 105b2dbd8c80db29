import type { HttpContext } from '@adonisjs/core/http'
import { signedInActor } from '#services/audit'
import { refreshInvoiceProof } from '#actions/internal/invoice_proof'
import { invoiceRefreshValidator } from '#validators/invoices'
import { backToOrder } from '#services/order_links'

/** The proof of invoice of an Alat Datang order (spec part 2: PUT /internal/{id}/invoice). */
export default class InvoiceProofController {
  /** admin_pk or yantek refresh its file and date. */
  async refresh(ctx: HttpContext) {
    const { date } = await ctx.request.validateUsing(invoiceRefreshValidator)
    await refreshInvoiceProof(signedInActor(ctx), ctx.order, date)
    return backToOrder(ctx, `Berkas dan tanggal bukti tagihan ${ctx.order.number} diperbarui.`)
  }
}
