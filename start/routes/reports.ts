import router from '@adonisjs/core/services/router'
import { guarded, pendingModule } from '#start/route_kit'

const DashboardController = () => import('#controllers/dashboard_controller')
const TasksController = () => import('#controllers/tasks_controller')

/** The dashboard, my tasks, monitoring, the facility map and inventory, reports and the public simulation. */
router
  .get('/dashboard', [DashboardController, 'index'])
  .as('dashboard')
  .use(guarded('dashboard.view'))

router.get('/tasks', [TasksController, 'index']).as('tasks').use(guarded('tasks.view'))

// Public tariff simulation (linked from the login screen); its screen comes with the reports issue.
router
  .get('/simulation', ({ inertia }) =>
    inertia.render('pending_module', { title: 'Simulasi Tarif' })
  )
  .as('simulation')

pendingModule('/fasyankes/map', 'fasyankes.map', 'fasyankes.view', 'Persebaran Fasyankes')
pendingModule(
  '/fasyankes/inventory',
  'fasyankes.inventory',
  'inventory.view',
  'Data Inventory Fasyankes'
)
pendingModule('/report/service', 'report.service', 'report.view', 'Laporan Layanan')
pendingModule('/report/yearly', 'report.yearly', 'report.view', 'Laporan Tahunan')
pendingModule('/report/alkes', 'report.alkes', 'report.view', 'Laporan Alkes')
