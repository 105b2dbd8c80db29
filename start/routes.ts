import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import type { Permission } from '#enums/permissions'

const SessionController = () => import('#controllers/session_controller')
const ProfileController = () => import('#controllers/profile_controller')
const PasswordController = () => import('#controllers/password_controller')
const DashboardController = () => import('#controllers/dashboard_controller')
const OfficersController = () => import('#controllers/officers_controller')

router.get('/', async ({ auth, response }) =>
  response.redirect(auth.user ? '/dashboard' : '/login')
)

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('session.create')
    router.post('/auth/verify', [SessionController, 'store']).as('session.store')
  })
  .use(middleware.guest())

// Public tariff simulation (linked from the login screen); its screen comes with the simulation issue.
router
  .get('/simulation', ({ inertia }) =>
    inertia.render('pending_module', { title: 'Simulasi Tarif' })
  )
  .as('simulation')

router.get('/auth/logout', [SessionController, 'destroy']).as('session.destroy')

/** Signed-in pages every role may open. */
router
  .group(() => {
    router.get('/profile', [ProfileController, 'edit']).as('profile.edit')
    router.put('/profile', [ProfileController, 'update']).as('profile.update')
    router.get('/password', [PasswordController, 'edit']).as('password.edit')
    router.put('/password', [PasswordController, 'update']).as('password.update')
  })
  .use(middleware.auth())

const guarded = (permission: Permission) => [middleware.auth(), middleware.can(permission)]

router
  .get('/dashboard', [DashboardController, 'index'])
  .as('dashboard')
  .use(guarded('dashboard.view'))

router
  .group(() => {
    router.get('/', [OfficersController, 'index']).as('index')
    router.get('/datatable', [OfficersController, 'datatable']).as('datatable')
    router.get('/print/pdf', [OfficersController, 'pdf']).as('print.pdf')
    router.get('/print/excel', [OfficersController, 'excel']).as('print.excel')
  })
  .prefix('/officer')
  .as('officer')
  .use(guarded('officer.view'))

/**
 * Menu entries whose screens arrive with later issues. They are guarded like
 * the real ones, so the sidebar, the server check and the page already agree.
 */
const PENDING: [string, Permission, string][] = [
  ['/internal', 'internal.view', 'Permintaan Alat Datang'],
  ['/insitu', 'insitu.view', 'Permintaan Insitu'],
  ['/fasyankes/data', 'fasyankes.view', 'Data Fasyankes'],
  ['/fasyankes/map', 'fasyankes.view', 'Persebaran Fasyankes'],
  ['/fasyankes/inventory', 'inventory.view', 'Data Inventory Fasyankes'],
  ['/alkes/data', 'alkes.view', 'Data Alkes'],
  ['/calibrator/data', 'calibrator.view', 'Data Kalibrator'],
  ['/calibrator/stock', 'calibrator.view', 'Monitoring Stok Kalibrator'],
  ['/calibrator/loan', 'calibrator.view', 'Peminjaman Kalibrator'],
  ['/report/service', 'report.view', 'Laporan Layanan'],
  ['/report/yearly', 'report.view', 'Laporan Tahunan'],
  ['/report/alkes', 'report.view', 'Laporan Alkes'],
  ['/telegram/connect', 'messaging.connect', 'Hubungkan Telegram'],
]
for (const [path, permission, title] of PENDING) {
  router
    .get(path, ({ inertia }) => inertia.render('pending_module', { title }))
    .use(guarded(permission))
}
