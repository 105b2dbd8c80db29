import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Calibrator from '#models/calibrator'
import NotFoundException from '#exceptions/not_found_exception'
import { calibratorList } from '#queries/calibrators/calibrator_list'
import { historyOf } from '#queries/calibrators/calibrator_history'
import {
  calibratorImpact,
  impactList,
  impactTotals,
  periodText,
} from '#queries/calibrators/calibrator_impact'
import { standardsOnDate } from '#queries/calibrators/standard_validity'
import { markOutOfTolerance, recordCalibration } from '#actions/calibrators/record_calibration'
import { calibrationRecordValidator, outOfToleranceValidator } from '#validators/calibrator_history'
import { actorOf } from '#services/audit'
import { formatDate, labToday } from '#services/format'
import { listPageProps, respondWithDatatable, respondWithExport } from '#lists/list_responder'

const historyPath = (id: number) => urlFor('calibrator.history', { id })
const impactPath = (id: number, eventId?: number) =>
  urlFor('calibrator.impact', { id }, eventId ? { qs: { event: eventId } } : undefined)

/** The route's calibrator id: digits only, else 0 (no calibrator). */
const idOf = (ctx: HttpContext) => {
  const id = String(ctx.params.id)
  return /^\d{1,9}$/.test(id) ? Number(id) : 0
}

/** The calibrator of the route, or 404. */
function calibratorOf(ctx: HttpContext) {
  return Calibrator.findOrFail(idOf(ctx))
}

/** The impact the route asks for (`?event=` one of the calibrator's bad events), or 404. */
async function impactOf(ctx: HttpContext) {
  const asked = ctx.request.qs().event
  let eventId: number | undefined
  if (asked !== undefined && asked !== '') {
    eventId = typeof asked === 'string' && /^\d{1,9}$/.test(asked) ? Number(asked) : Number.NaN
    if (Number.isNaN(eventId)) throw new NotFoundException()
  }
  const impact = await calibratorImpact(idOf(ctx), eventId)
  if (!impact) throw new NotFoundException()
  return impact
}

/**
 * A reference calibrator's own history (its calibrations and out-of-tolerance findings, issue
 * 15) and the impact of a bad finding: the certificates issued with it since its last good
 * calibration.
 */
export default class CalibratorHistoryController {
  /** GET /calibrator/data/:id/history (calibrator.view). */
  async show(ctx: HttpContext) {
    const { inertia, auth, session } = ctx
    const calibrator = await calibratorOf(ctx)
    const [row] = await calibratorList.query({}).where('c.id', calibrator.id)
    const today = labToday()
    const [history, checks] = await Promise.all([
      historyOf(calibrator.id),
      standardsOnDate([calibrator.id], today),
    ])
    const check = checks.get(calibrator.id)!
    const impactNotice = session.flashMessages.get('impactHref')
    return inertia.render('calibrators/history', {
      title: `Riwayat Kalibrasi ${calibrator.name}`,
      calibrator: calibratorList.row(row),
      history: history.reverse().map((entry) => ({
        ...entry,
        impact_href: entry.is_bad ? impactPath(calibrator.id, entry.id) : null,
      })),
      usableToday: {
        usable: check.refusal === null,
        text:
          check.refusal ??
          `Dapat dipakai sebagai standar hari ini (${formatDate(today)}), kalibrasi berlaku sampai ${formatDate(check.calibration!.dueOn)}.`,
      },
      impactHref: impactPath(calibrator.id),
      impactNotice: typeof impactNotice === 'string' ? impactNotice : null,
      canEdit: auth.user!.can('calibrator.edit'),
      editHref: urlFor('calibrator.edit', { id: calibrator.id }),
      recordHref: urlFor('calibrator.calibrations.store', { id: calibrator.id }),
      outOfToleranceHref: urlFor('calibrator.out_of_tolerance.store', { id: calibrator.id }),
      backHref: calibratorList.path,
      today,
    })
  }

  /** POST /calibrator/data/:id/calibrations (calibrator.edit): Catat Kalibrasi. */
  async recordCalibration(ctx: HttpContext) {
    const calibrator = await calibratorOf(ctx)
    const input = await ctx.request.validateUsing(calibrationRecordValidator)
    const recorded = await recordCalibration(actorOf(ctx), calibrator, input)
    const verdict = input.passed ? 'lulus' : 'gagal'
    ctx.session.flash(
      'success',
      `Kalibrasi ${calibrator.name} tanggal ${formatDate(DateTime.fromJSDate(input.performed_on).toISODate())} (${verdict}) ${recorded.completed ? 'melengkapi riwayat' : 'dicatat'}.`
    )
    if (!input.passed) ctx.session.flash('impactHref', impactPath(calibrator.id, recorded.id))
    return ctx.response.redirect(historyPath(calibrator.id))
  }

  /** POST /calibrator/data/:id/out-of-tolerance (calibrator.edit): Tandai Di Luar Toleransi. */
  async markOutOfTolerance(ctx: HttpContext) {
    const calibrator = await calibratorOf(ctx)
    const input = await ctx.request.validateUsing(outOfToleranceValidator)
    const id = await markOutOfTolerance(actorOf(ctx), calibrator, input)
    ctx.session.flash(
      'success',
      `${calibrator.name} (${calibrator.serialNumber}) ditandai di luar toleransi sejak ${formatDate(DateTime.fromJSDate(input.found_on).toISODate())}.`
    )
    ctx.session.flash('impactHref', impactPath(calibrator.id, id))
    return ctx.response.redirect(historyPath(calibrator.id))
  }

  /** GET /calibrator/data/:id/impact (calibrator.view): Dampak Kalibrator. */
  async impact(ctx: HttpContext) {
    const impact = await impactOf(ctx)
    const list = impactList(impact)
    const totals = await impactTotals(impact)
    return ctx.inertia.render('calibrators/impact', {
      ...listPageProps(list, ctx.auth.user!),
      calibrator: impact.calibrator,
      event: impact.event,
      lastGood: impact.lastGood,
      recovery: impact.recovery,
      period: periodText(impact),
      totals,
      eventParam: ctx.request.qs().event ? String(impact.event?.id) : null,
      historyHref: historyPath(impact.calibrator.id),
    })
  }

  /** GET /calibrator/data/:id/impact/datatable */
  async impactDatatable(ctx: HttpContext) {
    return respondWithDatatable(ctx, impactList(await impactOf(ctx)))
  }

  /** GET /calibrator/data/:id/impact/print/pdf */
  async impactPdf(ctx: HttpContext) {
    return respondWithExport(ctx, impactList(await impactOf(ctx)), 'pdf')
  }

  /** GET /calibrator/data/:id/impact/print/excel */
  async impactExcel(ctx: HttpContext) {
    return respondWithExport(ctx, impactList(await impactOf(ctx)), 'excel')
  }
}
