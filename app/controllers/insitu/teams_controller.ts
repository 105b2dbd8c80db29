import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrder, stepFormProps } from '#services/order_links'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { picksTeamOf, teamViews } from '#queries/insitu/teams'
import { saveTeam } from '#actions/insitu/officer_teams'
import { teamValidator } from '#validators/insitu_order'

/** An on-site order's officer teams, one per requested lab, each picked by its head. */
export default class InsituTeamsController {
  async edit(ctx: HttpContext) {
    const user = ctx.auth.user!
    insituWorkflow.assert('officers', ctx.order, user)
    return ctx.inertia.render('insitu/officers', {
      ...stepFormProps(ctx, urlFor('insitu.officer', { id: ctx.order.id })),
      labs: await teamViews(ctx.order, (lab) => picksTeamOf(user, lab)),
    })
  }

  async update(ctx: HttpContext) {
    insituWorkflow.assert('officers', ctx.order, ctx.auth.user!)
    const input = await ctx.request.validateUsing(teamValidator)
    await saveTeam(signedInActor(ctx), ctx.order, { ...input, leader: input.leader ?? undefined })
    const back = urlFor('insitu.officer.form', { id: ctx.order.id })
    return backToOrder(ctx, `Tim petugas ${ctx.order.number} disimpan.`, back)
  }
}
