import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/audit'
import { holidayList } from '#queries/holidays/holiday_list'
import { addHoliday, removeHoliday } from '#actions/holidays/manage_holidays'
import { holidayValidator } from '#validators/holiday'
import { labNow } from '#services/format'

/** The public holidays the completion estimate skips, and the lab's own (cuti bersama). */
export default class HolidaysController {
  async index({ inertia, request }: HttpContext) {
    const asked = Number(request.input('year'))
    const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : labNow().year
    return inertia.render('holidays/index', { year, holidays: await holidayList(year) })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(holidayValidator)
    const holiday = await addHoliday(actorOf(ctx), input.date, input.name)
    ctx.session.flash('success', `Hari libur ${holiday.name} ditambahkan.`)
    return ctx.response
      .redirect()
      .toRoute('holidays.index', {}, { qs: { year: input.date.getUTCFullYear() } })
  }

  async destroy(ctx: HttpContext) {
    const removed = await removeHoliday(actorOf(ctx), ctx.params.date)
    ctx.session.flash('success', `Hari libur ${removed.name} dihapus.`)
    return ctx.response
      .redirect()
      .toRoute('holidays.index', {}, { qs: { year: ctx.params.date.slice(0, 4) } })
  }
}
