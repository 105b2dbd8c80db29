import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import { signedInActor } from '#services/audit'
import { backToOrder, stepFormProps } from '#services/order_links'
import { refuseFields } from '#services/field_errors'
import type { Accommodation } from '#shared/insitu_costs'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { labPlanViews, requestedLabs } from '#queries/insitu/lab_plans'
import { mayEstimateLab, saveAccommodations, saveEstimations } from '#actions/insitu/lab_plans'
import {
  ACCOMMODATION_FIELDS,
  accommodationValidator,
  estimationValidator,
} from '#validators/insitu_order'
import { type ServiceLab } from '#enums/labs'
import string from '@adonisjs/core/helpers/string'

type Prefixed = Record<string, number | boolean | undefined>

/** The labs whose `{lab}_…` fields were sent, among those the order has requests for. */
async function sentLabs(order: Order, input: Prefixed) {
  const labs = await requestedLabs(order)
  return labs.filter((lab) => Object.keys(input).some((key) => key.startsWith(`${lab}_`)))
}

/** Every `{lab}_{field}` of a sent lab must be there: refused under the missing ones. */
function requireFields(labs: ServiceLab[], fields: string[], input: Prefixed) {
  const missing = Object.fromEntries(
    labs.flatMap((lab) =>
      fields
        .filter((field) => input[`${lab}_${field}`] === undefined)
        .map((field) => [`${lab}_${field}`, 'Wajib diisi.'])
    )
  )
  if (Object.keys(missing).length) refuseFields(missing)
}

const PLAN_NAMES = { estimation: 'Estimasi', accommodation: 'Akomodasi' } as const

/**
 * The page of a plan this user may read (`view`), whether it may save it (`save`), the tab it
 * opens on (the lab this user heads) and, when it is only read, why.
 */
async function readOrSave(
  ctx: HttpContext,
  view: 'estimation' | 'accommodation',
  save: 'estimation_save' | 'accommodation_save'
) {
  const { order } = ctx
  const user = ctx.auth.user!
  insituWorkflow.assert(view, order, user)
  const maySave = insituWorkflow.allows(save, order, user)
  const labs = await requestedLabs(order)
  const activeLab = labs.find((lab) => user.headsLab(lab)) ?? null
  const name = PLAN_NAMES[view]
  let readOnlyReason: string | null = null
  if (!maySave) {
    readOnlyReason = insituWorkflow.action(save).from.includes(order.status as never)
      ? `${name} ${order.number} diisi oleh kepala laboratorium atau pelayanan teknik; Anda hanya dapat melihatnya.`
      : `${name} ${order.number} sudah disimpan dan tidak dapat diubah lagi: order sudah berstatus ${order.status}. Ditampilkan hanya untuk dibaca.`
  }
  return { user, order, maySave, activeLab, readOnlyReason }
}

/** An on-site order's estimation (per lab) and accommodation (one tab per lab). */
export default class InsituLabPlansController {
  async estimation(ctx: HttpContext) {
    const { user, order, maySave, activeLab, readOnlyReason } = await readOrSave(
      ctx,
      'estimation',
      'estimation_save'
    )
    return ctx.inertia.render('insitu/estimation', {
      ...stepFormProps(ctx, maySave ? urlFor('insitu.estimation', { id: order.id }) : null),
      activeLab,
      readOnlyReason,
      labs: await labPlanViews(order, (lab) => maySave && mayEstimateLab(user, lab)),
    })
  }

  async saveEstimation(ctx: HttpContext) {
    // Who may never, or not now, is told before anything typed is checked.
    insituWorkflow.assert('estimation_save', ctx.order, ctx.auth.user!)
    const input = (await ctx.request.validateUsing(estimationValidator)) as Prefixed
    const labs = await sentLabs(ctx.order, input)
    requireFields(labs, ['pp_hour', 'pp_minute', 'officer'], input)
    await saveEstimations(
      signedInActor(ctx),
      ctx.order,
      labs.map((lab) => ({
        lab,
        ppHour: Number(input[`${lab}_pp_hour`]),
        ppMinute: Number(input[`${lab}_pp_minute`]),
        officers: Number(input[`${lab}_officer`]),
      }))
    )
    const back = urlFor('insitu.estimation.form', { id: ctx.order.id })
    return backToOrder(ctx, `Estimasi ${ctx.order.number} disimpan.`, back)
  }

  async accommodation(ctx: HttpContext) {
    const { order, maySave, activeLab, readOnlyReason } = await readOrSave(
      ctx,
      'accommodation',
      'accommodation_save'
    )
    return ctx.inertia.render('insitu/accommodation', {
      ...stepFormProps(ctx, maySave ? urlFor('insitu.accommodation', { id: order.id }) : null),
      activeLab,
      readOnlyReason,
      labs: await labPlanViews(order, () => false),
    })
  }

  async saveAccommodation(ctx: HttpContext) {
    insituWorkflow.assert('accommodation_save', ctx.order, ctx.auth.user!)
    const input = (await ctx.request.validateUsing(accommodationValidator)) as Prefixed
    const labs = await sentLabs(ctx.order, input)
    const fields = Object.keys(ACCOMMODATION_FIELDS)
    requireFields(labs, fields, input)
    await saveAccommodations(
      signedInActor(ctx),
      ctx.order,
      labs.map((lab) => ({
        lab,
        accommodation: Object.fromEntries(
          fields.map((field) => [string.camelCase(field), input[`${lab}_${field}`]])
        ) as Accommodation,
      }))
    )
    const back = urlFor('insitu.accommodation.form', { id: ctx.order.id })
    return backToOrder(ctx, `Akomodasi ${ctx.order.number} disimpan.`, back)
  }
}
