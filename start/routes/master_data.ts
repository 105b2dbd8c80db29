import router from '@adonisjs/core/services/router'
import { guarded, registerRoutes } from '#start/route_kit'
import { officerList } from '#queries/officers/officer_list'
import { fasyankesList } from '#queries/fasyankes/fasyankes_list'
import { alkesList } from '#queries/alkes/alkes_list'
import { calibratorList } from '#queries/calibrators/calibrator_list'
import { officerBatch } from '#batch/officer_batch'
import { fasyankesBatch } from '#batch/fasyankes_batch'
import { alkesBatch } from '#batch/alkes_batch'
import { calibratorBatch } from '#batch/calibrator_batch'

const OfficersController = () => import('#controllers/master_data/officers_controller')
const FasyankesController = () => import('#controllers/master_data/fasyankes_controller')
const AlkesController = () => import('#controllers/master_data/alkes_controller')
const CalibratorsController = () => import('#controllers/master_data/calibrators_controller')
const AlkesTestPointsController = () =>
  import('#controllers/master_data/alkes_test_points_controller')
const HolidaysController = () => import('#controllers/master_data/holidays_controller')

/** Officers (spec part 1: Officers). */
registerRoutes({
  name: 'officer',
  controller: OfficersController,
  list: officerList,
  batch: officerBatch,
  edit: 'officer.edit',
  more: () => {
    router.get('/officer/:id/role', [OfficersController, 'editRoles']).as('officer.role')
    router.put('/officer/:id/role', [OfficersController, 'updateRoles']).as('officer.role.update')
    // Account access: only for officers whose every role the editor could grant (role_grants.ts).
    router
      .post('/officer/:id/password-link', [OfficersController, 'passwordLink'])
      .as('officer.password_link')
    router
      .post('/officer/:id/sessions/end', [OfficersController, 'endSessions'])
      .as('officer.sessions.end')
  },
})

/** Facilities (spec part 1: Master data: facilities). */
registerRoutes({
  name: 'fasyankes',
  controller: FasyankesController,
  list: fasyankesList,
  batch: fasyankesBatch,
  edit: 'fasyankes.edit',
})

/** Device types (spec part 1: Master data: devices). */
registerRoutes({
  name: 'alkes',
  controller: AlkesController,
  list: alkesList,
  batch: alkesBatch,
  edit: 'alkes.edit',
})

/**
 * A device type's test points (issue 15): read by whoever sees the device list, saved (the whole
 * list at once) by the head or admin of the device's lab (the action checks the lab).
 */
router
  .group(() => {
    router
      .get('/alkes/data/:id/test-points', [AlkesTestPointsController, 'show'])
      .as('alkes.test_points')
      .use(guarded('alkes.view'))
    router
      .put('/alkes/data/:id/test-points', [AlkesTestPointsController, 'update'])
      .as('alkes.test_points.update')
      .use(guarded('alkes.test_points'))
  })
  .where('id', router.matchers.number())

/** Calibrators (spec part 1: Master data: calibrators). */
registerRoutes({
  name: 'calibrator',
  controller: CalibratorsController,
  list: calibratorList,
  batch: calibratorBatch,
  edit: 'calibrator.edit',
})

/**
 * A calibrator's own calibration history and the impact of a bad finding (issue 15): read with
 * calibrator.view, written with calibrator.edit. The impact list's JSON and exports are below
 * its page, like every list's.
 */
const CalibratorHistoryController = () =>
  import('#controllers/master_data/calibrator_history_controller')
router
  .group(() => {
    router.get('/:id/history', [CalibratorHistoryController, 'show']).as('history')
    router.get('/:id/impact', [CalibratorHistoryController, 'impact']).as('impact')
    router
      .get('/:id/impact/datatable', [CalibratorHistoryController, 'impactDatatable'])
      .as('impact.datatable')
    router
      .get('/:id/impact/print/pdf', [CalibratorHistoryController, 'impactPdf'])
      .as('impact.print.pdf')
    router
      .get('/:id/impact/print/excel', [CalibratorHistoryController, 'impactExcel'])
      .as('impact.print.excel')
  })
  .prefix('/calibrator/data')
  .as('calibrator')
  // No number matcher: the guard answers first whatever the id (the controller 404s a bad one).
  .use(guarded('calibrator.view'))
router
  .group(() => {
    router
      .post('/:id/calibrations', [CalibratorHistoryController, 'recordCalibration'])
      .as('calibrations.store')
    router
      .post('/:id/out-of-tolerance', [CalibratorHistoryController, 'markOutOfTolerance'])
      .as('out_of_tolerance.store')
  })
  .prefix('/calibrator/data')
  .as('calibrator')
  .where('id', router.matchers.number())
  .use(guarded('calibrator.edit'))

/** Public holidays the completion estimate skips (domain decisions: a yearly table staff edit). */
router
  .group(() => {
    router.get('/holidays', [HolidaysController, 'index']).as('holidays.index')
    router.post('/holidays', [HolidaysController, 'store']).as('holidays.store')
    router.delete('/holidays/:date', [HolidaysController, 'destroy']).as('holidays.destroy')
  })
  .where('date', /^\d{4}-\d{2}-\d{2}$/)
  .use(guarded('holiday.edit'))
