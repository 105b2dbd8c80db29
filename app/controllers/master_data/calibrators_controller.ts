import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Calibrator from '#models/calibrator'
import Unit from '#models/unit'
import { CALIBRATOR_CONDITIONS, CONDITION_LABELS, TYPE_MODEL_CATEGORIES } from '#enums/master_data'
import { calibratorList } from '#queries/calibrators/calibrator_list'
import { actorOf } from '#services/audit'
import { saveCalibrator } from '#actions/calibrators/save_calibrator'
import { calibratorValidator } from '#validators/master_data'
import { backToList, listPageProps, recordFormProps } from '#lists/list_responder'

async function formOptions() {
  const [units, officers] = await Promise.all([
    Unit.query().orderBy('id'),
    db.from('users').whereNull('fasyankes_id').select('id', 'name', 'nip').orderBy('name'),
  ])
  return {
    units: units.map(({ id, name }) => ({ id, name })),
    // The original left the person-in-charge options empty; every staff officer is offered.
    officers: officers.map((o) => ({ id: Number(o.id), name: o.name, nip: o.nip })),
    conditions: CALIBRATOR_CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] })),
    typeModelCategories: [...TYPE_MODEL_CATEGORIES],
  }
}

export default class CalibratorsController {
  async index({ inertia, auth }: HttpContext) {
    const units = await Unit.query().orderBy('id')
    return inertia.render('calibrators/index', {
      ...listPageProps(calibratorList, auth.user!, 'calibrator.edit'),
      units: units.map(({ id, name }) => ({ id, name })),
      // The row's link to its calibration history (the page's own permission: calibrator.view).
      canViewHistory: auth.user!.can('calibrator.view'),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('calibrators/form', {
      register: recordFormProps(calibratorList, 'calibrator'),
      calibrator: null,
      options: await formOptions(),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(calibratorValidator, { meta: {} })
    const calibrator = await saveCalibrator(actorOf(ctx), input)
    return backToList(
      ctx,
      calibratorList,
      `Kalibrator ${calibrator.name} (${calibrator.serialNumber}) berhasil ditambahkan.`
    )
  }

  async edit({ inertia, params }: HttpContext) {
    const calibrator = await Calibrator.findOrFail(Number(params.id) || 0)
    const [row] = await calibratorList.query({}).where('c.id', calibrator.id)
    return inertia.render('calibrators/form', {
      register: recordFormProps(calibratorList, 'calibrator', calibrator),
      calibrator: calibratorList.row(row),
      options: await formOptions(),
    })
  }

  async update(ctx: HttpContext) {
    const calibrator = await Calibrator.findOrFail(Number(ctx.params.id) || 0)
    const input = await ctx.request.validateUsing(calibratorValidator, {
      meta: { id: calibrator.id },
    })
    await saveCalibrator(actorOf(ctx), input, calibrator)
    return backToList(ctx, calibratorList, `Kalibrator ${calibrator.name} berhasil diperbarui.`)
  }
}
