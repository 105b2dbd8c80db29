import router from '@adonisjs/core/services/router'
import { guarded } from '#start/route_kit'

const DashboardController = () => import('#controllers/dashboard_controller')
const TasksController = () => import('#controllers/tasks_controller')
const InventoryController = () => import('#controllers/monitoring/inventory_controller')
const FacilityMapController = () => import('#controllers/monitoring/facility_map_controller')

/** The dashboard, my tasks, recalibration monitoring, the facility map and inventory. */
router
  .get('/dashboard', [DashboardController, 'index'])
  .as('dashboard')
  .use(guarded('dashboard.view'))

router.get('/tasks', [TasksController, 'index']).as('tasks').use(guarded('tasks.view'))

router
  .get('/fasyankes/map', [FacilityMapController, 'index'])
  .as('fasyankes.map')
  .use(guarded('fasyankes.view'))

router
  .get('/fasyankes/inventory', [InventoryController, 'index'])
  .as('fasyankes.inventory')
  .use(guarded('inventory.view'))

/*
 * The inventory's JSON and exports, where `listRoutes` puts them; served by the controller
 * because the list's columns depend on the user (the facility column is for yantek and
 * admin_pk only) and `listRoutes` serves one fixed list.
 */
router
  .group(() => {
    router.get('/datatable', [InventoryController, 'datatable']).as('datatable')
    router.get('/print/pdf', [InventoryController, 'pdf']).as('print.pdf')
    router.get('/print/excel', [InventoryController, 'excel']).as('print.excel')
  })
  .prefix('/fasyankes/inventory')
  .as('fasyankes.inventory')
  .use(guarded('inventory.view'))
