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

const OfficersController = () => import('#controllers/officers_controller')
const FasyankesController = () => import('#controllers/fasyankes_controller')
const AlkesController = () => import('#controllers/alkes_controller')
const CalibratorsController = () => import('#controllers/calibrators_controller')
const HolidaysController = () => import('#controllers/holidays_controller')

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

/** Calibrators (spec part 1: Master data: calibrators). */
registerRoutes({
  name: 'calibrator',
  controller: CalibratorsController,
  list: calibratorList,
  batch: calibratorBatch,
  edit: 'calibrator.edit',
})

/** Public holidays the completion estimate skips (domain decisions: a yearly table staff edit). */
router
  .group(() => {
    router.get('/holidays', [HolidaysController, 'index']).as('holidays.index')
    router.post('/holidays', [HolidaysController, 'store']).as('holidays.store')
    router.delete('/holidays/:date', [HolidaysController, 'destroy']).as('holidays.destroy')
  })
  .where('date', /^\d{4}-\d{2}-\d{2}$/)
  .use(guarded('holiday.edit'))
