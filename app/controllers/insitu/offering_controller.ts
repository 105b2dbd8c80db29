import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrder, refusedOr, stepFormProps } from '#services/order_links'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { offeringOf } from '#queries/insitu/offering'
import { labPlansMissing } from '#queries/insitu/lab_plans'
import { openableDocumentPath, orderPageActions } from '#queries/orders/order_page_actions'
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

/** The form page of each step and the route it is sent to. */
const STEP_FORMS = {
  sign: ['insitu/signature', 'insitu.offering.signature'],
  contract: ['insitu/contract', 'insitu.offering.confirm'],
  finalize: ['insitu/finalization', 'insitu.finalization'],
} as const

/** A step's form: refused to whoever may not take it now; sent to the step's route. */
async function renderStepForm(
  ctx: HttpContext,
  step: keyof typeof STEP_FORMS,
  more: Record<string, unknown> = {}
) {
  const [page, route] = STEP_FORMS[step]
  insituWorkflow.assert(step, ctx.order, ctx.auth.user!)
  return ctx.inertia.render(page, {
    ...stepFormProps(ctx, urlFor(route, { id: ctx.order.id })),
    ...more,
  })
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
    const missing = await labPlansMissing(order)
    const actions = await orderPageActions(order, user)
    return ctx.inertia.render('insitu/offering', {
      ...stepFormProps(ctx, null),
      missing,
      offering: missing ? null : await offeringOf(order),
      pdfHref: missing ? null : openableDocumentPath('offering_letter', order, user),
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
    return renderStepForm(ctx, 'sign')
  }

  async sign(ctx: HttpContext) {
    const signer = await refusedOr(ctx, 'sign', () => ctx.request.validateUsing(signatureValidator))
    await signOffering(signedInActor(ctx), ctx.order, signer)
    return backToOrder(ctx, `Surat penawaran ${ctx.order.number} disetujui.`)
  }

  async contractForm(ctx: HttpContext) {
    return renderStepForm(ctx, 'contract')
  }

  async contract(ctx: HttpContext) {
    const contract = await refusedOr(ctx, 'contract', () =>
      ctx.request.validateUsing(contractValidator)
    )
    await uploadContract(signedInActor(ctx), ctx.order, contract)
    return backToOrder(ctx, `Kontrak ${contract.number} tersimpan; pekerjaan dimulai.`)
  }

  async finalizationForm(ctx: HttpContext) {
    return renderStepForm(ctx, 'finalize', {
      blocked: await insituWorkflow.whyBlocked('finalize', ctx.order),
    })
  }

  async finalize(ctx: HttpContext) {
    const { notes } = await ctx.request.validateUsing(finalizationValidator)
    await finalizeInsituOrder(signedInActor(ctx), ctx.order, notes)
    return backToOrder(ctx, `Permintaan ${ctx.order.number} selesai.`)
  }
}
