import router from '@adonisjs/core/services/router'
import { guarded, listRoutes, batchRoutes } from '#start/route_kit'
import { officerList } from '#queries/officers/officer_list'
import { fasyankesList } from '#queries/fasyankes/fasyankes_list'
import { alkesList } from '#queries/alkes/alkes_list'
import { calibratorList } from '#queries/calibrators/calibrator_list'
import { officerBatch } from '#batch/officer_batch'
import { fasyankesBatch } from '#batch/fasyankes_batch'
import { alkesBatch } from '#batch/alkes_batch'
import { calibratorBatch } from '#batch/calibrator_batch'

const OfficersController = () => import('#controllers/officers_controller')
const FasyankesController = () => import('#controllers/fasyankes_controller')
const AlkesController = () => import('#controllers/alkes_controller')
const CalibratorsController = () => import('#controllers/calibrators_controller')
const HolidaysController = () => import('#controllers/holidays_controller')

/** Officers (spec part 1: Officers). */
router
  .get('/officer', [OfficersController, 'index'])
  .as('officer.index')
  .use(guarded('officer.view'))
listRoutes('/officer', 'officer', officerList)
batchRoutes('officer', officerBatch)
router
  .group(() => {
    router.get('/officer/create', [OfficersController, 'create']).as('officer.create')
    router.post('/officer/store', [OfficersController, 'store']).as('officer.store')
    router.get('/officer/:id/edit', [OfficersController, 'edit']).as('officer.edit')
    router.put('/officer/:id/update', [OfficersController, 'update']).as('officer.update')
    router.get('/officer/:id/role', [OfficersController, 'editRoles']).as('officer.role')
    router.put('/officer/:id/role', [OfficersController, 'updateRoles']).as('officer.role.update')
    // Account access: only for officers whose every role the editor could grant (role_grants.ts).
    router
      .post('/officer/:id/password-link', [OfficersController, 'passwordLink'])
      .as('officer.password_link')
    router
      .post('/officer/:id/sessions/end', [OfficersController, 'endSessions'])
      .as('officer.sessions.end')
  })
  .where('id', router.matchers.number())
  .use(guarded('officer.edit'))

/** Facilities (spec part 1: Master data: facilities). */
router
  .get('/fasyankes/data', [FasyankesController, 'index'])
  .as('fasyankes.index')
  .use(guarded('fasyankes.view'))
listRoutes('/fasyankes/data', 'fasyankes', fasyankesList)
batchRoutes('fasyankes', fasyankesBatch)
router
  .group(() => {
    router.get('/fasyankes/data/create', [FasyankesController, 'create']).as('fasyankes.create')
    router.post('/fasyankes/data/store', [FasyankesController, 'store']).as('fasyankes.store')
    router.get('/fasyankes/data/:id/edit', [FasyankesController, 'edit']).as('fasyankes.edit')
    router.put('/fasyankes/data/:id/update', [FasyankesController, 'update']).as('fasyankes.update')
  })
  .where('id', router.matchers.number())
  .use(guarded('fasyankes.edit'))

/** Device types (spec part 1: Master data: devices). */
router.get('/alkes/data', [AlkesController, 'index']).as('alkes.index').use(guarded('alkes.view'))
listRoutes('/alkes/data', 'alkes', alkesList)
batchRoutes('alkes', alkesBatch)
router
  .group(() => {
    router.get('/alkes/data/create', [AlkesController, 'create']).as('alkes.create')
    router.post('/alkes/data/store', [AlkesController, 'store']).as('alkes.store')
    router.get('/alkes/data/:id/edit', [AlkesController, 'edit']).as('alkes.edit')
    router.put('/alkes/data/:id/update', [AlkesController, 'update']).as('alkes.update')
  })
  .where('id', router.matchers.number())
  .use(guarded('alkes.edit'))

/** Calibrators (spec part 1: Master data: calibrators). */
router
  .get('/calibrator/data', [CalibratorsController, 'index'])
  .as('calibrator.index')
  .use(guarded('calibrator.view'))
listRoutes('/calibrator/data', 'calibrator', calibratorList)
batchRoutes('calibrator', calibratorBatch)
router
  .group(() => {
    router.get('/calibrator/data/create', [CalibratorsController, 'create']).as('calibrator.create')
    router.post('/calibrator/data/store', [CalibratorsController, 'store']).as('calibrator.store')
    router.get('/calibrator/data/:id/edit', [CalibratorsController, 'edit']).as('calibrator.edit')
    router
      .put('/calibrator/data/:id/update', [CalibratorsController, 'update'])
      .as('calibrator.update')
  })
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
