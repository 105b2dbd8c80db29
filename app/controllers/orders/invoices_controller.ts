import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { workflowOf } from '#workflows/order_types'
import { billOf } from '#queries/orders/bill'
import { invoiceStagesOf } from '#queries/orders/invoice'
import { listedFile } from '#queries/orders/order_files_view'
import { openableDocumentPath } from '#queries/orders/order_page_actions'
import { currentFiles } from '#files/order_files'
import { confirmPayment, updateInvoice, uploadPaymentProofs } from '#actions/orders/invoices'
import {
  INVOICE_LABELS,
  invoiceUpdateValidator,
  MAX_PAYMENT_FILES,
  paymentConfirmValidator,
  paymentValidator,
} from '#validators/invoices'
import { backToOrderPage, refusedOr, stepFormProps } from '#services/order_links'

/**
 * The invoice page of an order of either type (spec part 2: Invoices): the treasurer issues the
 * stages and their letters and confirms the payment; the facility reads its invoices and
 * uploads the payment proofs. The order's workflow says who may do what, in which status.
 */
export default class InvoicesController {
  async show(ctx: HttpContext) {
    const { order } = ctx
    const user = ctx.auth.user!
    const workflow = workflowOf(order)
    workflow.assert('invoice', order, user)
    const [bill, invoice, files] = await Promise.all([
      billOf(order),
      invoiceStagesOf(order),
      currentFiles(undefined, order.id, ['invoice_letter', 'payment_proof']),
    ])
    const documentHref = (name: string) => openableDocumentPath(name, order, user)
    const params = { orderType: order.type, id: order.id }
    const mayTake = (action: 'invoice_update' | 'invoice_payment' | 'invoice_confirm') =>
      workflow.allows(action, order, user)
    const listed = (kind: string) =>
      files.filter((file) => file.kind === kind).map((file) => listedFile(order, file))
    return ctx.inertia.render('orders/invoice', {
      ...stepFormProps(ctx, null),
      labels: INVOICE_LABELS,
      bill,
      ...invoice,
      // Only an issued stage's letter is offered; the treasurer may print a draft of the next one.
      stages: invoice.stages.map((stage) => {
        const href = documentHref(`${order.type}_invoice_letter_${stage.stage}`)
        return {
          ...stage,
          href: stage.issued ? href : null,
          draft_href: stage.draftable && user.can('invoice.manage') ? href : null,
        }
      }),
      letters: listed('invoice_letter'),
      payments: listed('payment_proof'),
      proofHref: documentHref('proof_of_invoice'),
      // Spec part 2 section 6: the Srikandi format is the treasurer's.
      srikandiHref: user.can('invoice.manage') ? documentHref(`${order.type}_srikandi`) : null,
      updateHref: mayTake('invoice_update') ? urlFor('orders.invoice.update', params) : null,
      paymentHref: mayTake('invoice_payment') ? urlFor('orders.invoice.payment', params) : null,
      confirmHref: mayTake('invoice_confirm') ? urlFor('orders.invoice.confirm', params) : null,
      maxPaymentFiles: MAX_PAYMENT_FILES,
      // How to get the report's figures refreshed is the lab's own business, not the facility's.
      staffAdvice: !user.isFacility,
    })
  }

  async update(ctx: HttpContext) {
    const input = await refusedOr(ctx, 'invoice_update', () =>
      ctx.request.validateUsing(invoiceUpdateValidator)
    )
    await updateInvoice(signedInActor(ctx), ctx.order, input)
    return backToOrderPage(ctx, 'orders.invoice', `Tagihan ${ctx.order.number} tersimpan.`)
  }

  async payment(ctx: HttpContext) {
    const { files } = await refusedOr(ctx, 'invoice_payment', () =>
      ctx.request.validateUsing(paymentValidator)
    )
    await uploadPaymentProofs(signedInActor(ctx), ctx.order, files)
    return backToOrderPage(ctx, 'orders.invoice', `Bukti pembayaran ${ctx.order.number} terunggah.`)
  }

  async confirm(ctx: HttpContext) {
    const { date } = await refusedOr(ctx, 'invoice_confirm', () =>
      ctx.request.validateUsing(paymentConfirmValidator)
    )
    await confirmPayment(signedInActor(ctx), ctx.order, date)
    return backToOrderPage(ctx, 'orders.invoice', `Pembayaran ${ctx.order.number} dikonfirmasi.`)
  }
}
