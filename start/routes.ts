import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'
import type { Permission } from '#enums/permissions'
import type { ListDefinition } from '#queries/list_definition'
import type { BatchDefinition } from '#batch/batch_definition'
import { officerList } from '#queries/officers/officer_list'
import { fasyankesList } from '#queries/fasyankes/fasyankes_list'
import { alkesList } from '#queries/alkes/alkes_list'
import { calibratorList } from '#queries/calibrators/calibrator_list'
import { internalOrderList } from '#queries/internal_orders/internal_order_list'
import { officerBatch } from '#batch/officer_batch'
import { fasyankesBatch } from '#batch/fasyankes_batch'
import { alkesBatch } from '#batch/alkes_batch'
import { calibratorBatch } from '#batch/calibrator_batch'
import { respondWithDatatable, respondWithExport } from '#services/list_responder'
import { homePathFor } from '#services/navigation'

const SessionController = () => import('#controllers/session_controller')
const ProfileController = () => import('#controllers/profile_controller')
const PasswordController = () => import('#controllers/password_controller')
const DashboardController = () => import('#controllers/dashboard_controller')
const OfficersController = () => import('#controllers/officers_controller')
const FasyankesController = () => import('#controllers/fasyankes_controller')
const AlkesController = () => import('#controllers/alkes_controller')
const CalibratorsController = () => import('#controllers/calibrators_controller')
const InternalOrdersController = () => import('#controllers/internal_orders_controller')
const InternalProcessingController = () => import('#controllers/internal_processing_controller')
const InternalDocumentsController = () => import('#controllers/internal_documents_controller')

const guarded = (permission: Permission) => [middleware.auth(), middleware.can(permission)]

/** `{prefix}/datatable` and `{prefix}/print/pdf|excel`, all served by one list definition. */
function listRoutes(prefix: string, list: ListDefinition<any, any>) {
  router
    .group(() => {
      router.get(`${prefix}/datatable`, (ctx: HttpContext) => respondWithDatatable(ctx, list))
      router.get(`${prefix}/print/pdf`, (ctx: HttpContext) => respondWithExport(ctx, list, 'pdf'))
      router.get(`${prefix}/print/excel`, (ctx: HttpContext) =>
        respondWithExport(ctx, list, 'excel')
      )
    })
    .use(guarded(list.permission))
}

/** `{prefix}/batch/edit`, its format file and the upload, guarded by the list's edit permission. */
function batchRoutes(batch: BatchDefinition) {
  const handle = (action: 'edit' | 'format' | 'update') => async (ctx: HttpContext) => {
    const { default: BatchController } = await import('#controllers/batch_controller')
    return new BatchController(batch)[action](ctx)
  }
  router
    .group(() => {
      router.get(`${batch.path}/batch/edit`, handle('edit'))
      router.get(`${batch.path}/batch/edit/format`, handle('format'))
      router.post(`${batch.path}/batch/update`, handle('update'))
    })
    .use(guarded(batch.permission))
}

router.get('/', async ({ auth, response }) =>
  response.redirect(auth.user ? homePathFor(auth.user) : '/login')
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

router
  .get('/dashboard', [DashboardController, 'index'])
  .as('dashboard')
  .use(guarded('dashboard.view'))

/** Officers (spec part 1: Officers). */
router
  .get('/officer', [OfficersController, 'index'])
  .as('officer.index')
  .use(guarded('officer.view'))
listRoutes('/officer', officerList)
batchRoutes(officerBatch)
router
  .group(() => {
    router.get('/officer/create', [OfficersController, 'create']).as('officer.create')
    router.post('/officer/store', [OfficersController, 'store']).as('officer.store')
    router.get('/officer/:id/edit', [OfficersController, 'edit']).as('officer.edit')
    router.put('/officer/:id/update', [OfficersController, 'update']).as('officer.update')
    router.get('/officer/:id/role', [OfficersController, 'editRoles']).as('officer.role')
    router.put('/officer/:id/role', [OfficersController, 'updateRoles']).as('officer.role.update')
  })
  .where('id', router.matchers.number())
  .use(guarded('officer.edit'))

/** Facilities (spec part 1: Master data: facilities). */
router
  .get('/fasyankes/data', [FasyankesController, 'index'])
  .as('fasyankes.index')
  .use(guarded('fasyankes.view'))
listRoutes('/fasyankes/data', fasyankesList)
batchRoutes(fasyankesBatch)
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
listRoutes('/alkes/data', alkesList)
batchRoutes(alkesBatch)
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
listRoutes('/calibrator/data', calibratorList)
batchRoutes(calibratorBatch)
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

/** Incoming-equipment orders (spec part 2). Who may act in which status is checked by the workflow. */
router
  .get('/internal', [InternalOrdersController, 'index'])
  .as('internal.index')
  .use(guarded('internal.view'))
listRoutes('/internal', internalOrderList)
router
  .group(() => {
    router.get('/internal/create', [InternalOrdersController, 'create']).as('internal.create')
    router.post('/internal', [InternalOrdersController, 'store']).as('internal.store')
  })
  .use(guarded('internal.create'))
router
  .group(() => {
    router.get('/internal/:id/edit', [InternalOrdersController, 'edit']).as('internal.edit')
    router.put('/internal/:id', [InternalOrdersController, 'update']).as('internal.update')
    router.delete('/internal/:id', [InternalOrdersController, 'destroy']).as('internal.destroy')
    router.get('/internal/:id/detail', [InternalOrdersController, 'detail']).as('internal.detail')
    router
      .get('/internal/:id/summary', [InternalOrdersController, 'summary'])
      .as('internal.summary')
    router
      .get('/internal/:id/confirm/:decision', [InternalOrdersController, 'confirmForm'])
      .as('internal.confirm.form')
    router
      .post('/internal/:id/confirm/:decision', [InternalOrdersController, 'confirm'])
      .as('internal.confirm')
    router
      .get('/internal/:id/append', [InternalOrdersController, 'appendForm'])
      .as('internal.append.form')
    router.post('/internal/:id/append', [InternalOrdersController, 'append']).as('internal.append')
    router
      .get('/internal/:id/:deviceOrderId/cancel', [InternalOrdersController, 'cancelForm'])
      .as('internal.cancel.form')
    router
      .post('/internal/:id/:deviceOrderId/cancel', [InternalOrdersController, 'cancel'])
      .as('internal.cancel')
    router
      .delete('/internal/:id/:deviceOrderId', [InternalOrdersController, 'destroyDevice'])
      .as('internal.device.destroy')

    router
      .get('/internal/:id/receive', [InternalProcessingController, 'receiveForm'])
      .as('internal.receive.form')
    router
      .put('/internal/:id/receive', [InternalProcessingController, 'receive'])
      .as('internal.receive')
    router
      .get('/internal/:id/officer', [InternalProcessingController, 'officerForm'])
      .as('internal.officer.form')
    router
      .put('/internal/:id/officer', [InternalProcessingController, 'assign'])
      .as('internal.officer')
    router
      .get('/internal/:id/handover', [InternalProcessingController, 'handoverForm'])
      .as('internal.handover.form')
    router
      .put('/internal/:id/handover', [InternalProcessingController, 'handover'])
      .as('internal.handover')
    router
      .get('/internal/:id/feedback', [InternalProcessingController, 'feedbackForm'])
      .as('internal.feedback.form')
    router
      .post('/internal/:id/feedback', [InternalProcessingController, 'feedback'])
      .as('internal.feedback')
    router
      .get('/internal/:id/worksheet/pk', [InternalProcessingController, 'worksheets'])
      .as('internal.worksheets')
    router
      .get('/internal/:id/worksheet/pk/:alkesOrderId/edit', [
        InternalProcessingController,
        'worksheetForm',
      ])
      .as('internal.worksheet.form')
    router
      .put('/internal/:id/worksheet/pk/:alkesOrderId/update', [
        InternalProcessingController,
        'worksheetUpdate',
      ])
      .as('internal.worksheet.update')
    router
      .post('/internal/:id/worksheet/pk/:alkesOrderId/upload', [
        InternalProcessingController,
        'worksheetUpload',
      ])
      .as('internal.worksheet.upload')
    router
      .put('/internal/:id/certificate-date', [InternalProcessingController, 'certificateDate'])
      .as('internal.certificate_date')
    router
      .get('/internal/:id/attachment', [InternalProcessingController, 'attachments'])
      .as('internal.attachment')
    router
      .get('/internal/:id/attachment/:format', [InternalDocumentsController, 'format'])
      .as('internal.attachment.format')
    router
      .get('/internal/:id/letter', [InternalDocumentsController, 'letter'])
      .as('internal.letter')
    router
      .get('/internal/:id/receive/print', [InternalDocumentsController, 'receiveProof'])
      .as('internal.receive.print')
    router
      .get('/internal/:id/handover/print', [InternalDocumentsController, 'handoverProof'])
      .as('internal.handover.print')
    router
      .post('/internal/:id/attachment/folder', [InternalProcessingController, 'folder'])
      .as('internal.attachment.folder')
    router
      .post('/internal/:id/attachment/:type', [InternalProcessingController, 'attach'])
      .as('internal.attachment.upload')
    router
      .get('/internal/:id/file/:deviceId/:kind', [InternalProcessingController, 'download'])
      .as('internal.file')
  })
  .where('id', router.matchers.number())
  .where('deviceOrderId', router.matchers.number())
  .where('decision', /^(approve|reject)$/)
  .where('alkesOrderId', router.matchers.number())
  .where('deviceId', router.matchers.number())
  .where('type', /^(certificate|result)$/)
  .where('kind', /^(certificate|result)$/)
  .where('format', /^(aspak|srikandi)$/)
  .use(guarded('internal.view'))

/**
 * Menu entries whose screens arrive with later issues. They are guarded like
 * the real ones, so the sidebar, the server check and the page already agree.
 */
const PENDING: [string, Permission, string][] = [
  ['/insitu', 'insitu.view', 'Permintaan Insitu'],
  ['/fasyankes/map', 'fasyankes.view', 'Persebaran Fasyankes'],
  ['/fasyankes/inventory', 'inventory.view', 'Data Inventory Fasyankes'],
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
