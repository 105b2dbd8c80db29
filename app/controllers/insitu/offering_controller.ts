import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrder, stepFormProps } from '#services/order_links'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { ORDER_DOCUMENTS } from '#documents/registry'
import { offeringOf } from '#queries/insitu/offering'
import { labPlansMissing } from '#queries/insitu/lab_plans'
import { mayOpenDocument, orderPageActions } from '#queries/orders/order_page_actions'
import {
  finalizeInsituOrder,
  sendOffering,
  signOffering,
  uploadContract,
} from '#actions/insitu/order_steps'
import {
  contractValidator,
  finalizationValidator,
  signatureValidator,
} from '#validators/insitu_order'

const OFFERING_STEPS = ['send_offering', 'sign', 'contract']

/** A step's form: refused to whoever may not take it now; sent to the step's route. */
function stepForm(
  ctx: HttpContext,
  step: 'sign' | 'contract' | 'finalize',
  route: 'insitu.offering.signature' | 'insitu.offering.confirm' | 'insitu.finalization'
) {
  insituWorkflow.assert(step, ctx.order, ctx.auth.user!)
  return stepFormProps(ctx, urlFor(route, { id: ctx.order.id }))
}

/**
 * The offering of an on-site order and the steps after it: the letter's page, sending it to the
 * facility, the facility's signature, the approved letter with the contract, the finalization.
 */
export default class InsituOfferingController {
  async show(ctx: HttpContext) {
    const { order } = ctx
    const user = ctx.auth.user!
    insituWorkflow.assert('offering', order, user)
    const letter = ORDER_DOCUMENTS.find((document) => document.name === 'offering_letter')!
    const missing = await labPlansMissing(order)
    const actions = await orderPageActions(order, user)
    return ctx.inertia.render('insitu/offering', {
      ...stepFormProps(ctx, null),
      missing,
      offering: missing ? null : await offeringOf(order),
      pdfHref:
        !missing && mayOpenDocument(letter, order, user)
          ? letter.path.replace(':id', String(order.id))
          : null,
      actions: actions.filter((action) => OFFERING_STEPS.includes(action.key)),
    })
  }

  /** Answers JSON `{ message }` to a script (spec), or goes back to the order with a toast. */
  async send(ctx: HttpContext) {
    await sendOffering(signedInActor(ctx), ctx.order)
    const message = `Surat penawaran ${ctx.order.number} berhasil dikirim.`
    if (ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')) {
      return { message }
    }
    return backToOrder(ctx, message)
  }

  async signatureForm(ctx: HttpContext) {
    return ctx.inertia.render(
      'insitu/signature',
      stepForm(ctx, 'sign', 'insitu.offering.signature')
    )
  }

  async sign(ctx: HttpContext) {
    insituWorkflow.assert('sign', ctx.order, ctx.auth.user!)
    const signer = await ctx.request.validateUsing(signatureValidator)
    await signOffering(signedInActor(ctx), ctx.order, signer)
    return backToOrder(ctx, `Surat penawaran ${ctx.order.number} disetujui.`)
  }

  async contractForm(ctx: HttpContext) {
    return ctx.inertia.render(
      'insitu/contract',
      stepForm(ctx, 'contract', 'insitu.offering.confirm')
    )
  }

  async contract(ctx: HttpContext) {
    insituWorkflow.assert('contract', ctx.order, ctx.auth.user!)
    const contract = await ctx.request.validateUsing(contractValidator)
    await uploadContract(signedInActor(ctx), ctx.order, contract)
    return backToOrder(ctx, `Kontrak ${contract.number} tersimpan; pekerjaan dimulai.`)
  }

  async finalizationForm(ctx: HttpContext) {
    return ctx.inertia.render('insitu/finalization', {
      ...stepForm(ctx, 'finalize', 'insitu.finalization'),
      blocked: await insituWorkflow.whyBlocked('finalize', ctx.order),
    })
  }

  async finalize(ctx: HttpContext) {
    const { notes } = await ctx.request.validateUsing(finalizationValidator)
    await finalizeInsituOrder(signedInActor(ctx), ctx.order, notes)
    return backToOrder(ctx, `Permintaan ${ctx.order.number} selesai.`)
  }
}
