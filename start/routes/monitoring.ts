import router from '@adonisjs/core/services/router'
import { guarded, pendingModule } from '#start/route_kit'

const DashboardController = () => import('#controllers/dashboard_controller')
const TasksController = () => import('#controllers/tasks_controller')

/** The dashboard, my tasks, recalibration monitoring, the facility map and inventory. */
router
  .get('/dashboard', [DashboardController, 'index'])
  .as('dashboard')
  .use(guarded('dashboard.view'))

router.get('/tasks', [TasksController, 'index']).as('tasks').use(guarded('tasks.view'))

pendingModule('/fasyankes/map', 'fasyankes.map', 'fasyankes.view', 'Persebaran Fasyankes')
pendingModule(
  '/fasyankes/inventory',
  'fasyankes.inventory',
  'inventory.view',
  'Data Inventory Fasyankes'
)
