import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { guarded, listRoutes } from '#start/route_kit'
import { internalOrderList } from '#queries/internal/order_list'

const OrdersController = () => import('#controllers/internal/orders_controller')
const ConfirmationsController = () => import('#controllers/internal/confirmations_controller')
const ReceivingController = () => import('#controllers/internal/receiving_controller')
const OfficerAssignmentController = () =>
  import('#controllers/internal/officer_assignment_controller')
const HandoverController = () => import('#controllers/internal/handover_controller')
const FilesController = () => import('#controllers/orders/files_controller')
const InvoiceProofController = () => import('#controllers/internal/invoice_proof_controller')

/**
 * Incoming-equipment orders (Alat Datang, spec part 2): what only this type
 * has. Who may take which step is the workflow's call
 * (app/workflows/internal_order_workflow.ts); the routes ask for the list.
 */
router
  .get('/internal', [OrdersController, 'index'])
  .as('internal.index')
  .use(guarded('internal.view'))
listRoutes('internal', internalOrderList)
router
  .group(() => {
    router.get('/internal/create', [OrdersController, 'create']).as('internal.create')
    router.post('/internal', [OrdersController, 'store']).as('internal.store')
  })
  .use(guarded('internal.create'))

router
  .group(() => {
    router.get('/edit', [OrdersController, 'edit']).as('internal.edit')
    router.put('/', [OrdersController, 'update']).as('internal.update')
    router.delete('/', [OrdersController, 'destroy']).as('internal.destroy')
    router.get('/detail', [OrdersController, 'detail']).as('internal.detail')
    router.get('/summary', [OrdersController, 'summary']).as('internal.summary')
    router.get('/confirm/:decision', [ConfirmationsController, 'edit']).as('internal.confirm.form')
    router.post('/confirm/:decision', [ConfirmationsController, 'update']).as('internal.confirm')
    router.get('/receive', [ReceivingController, 'edit']).as('internal.receive.form')
    router.put('/receive', [ReceivingController, 'update']).as('internal.receive')
    router.get('/officer', [OfficerAssignmentController, 'edit']).as('internal.officer.form')
    router.put('/officer', [OfficerAssignmentController, 'update']).as('internal.officer')
    router.get('/handover', [HandoverController, 'edit']).as('internal.handover.form')
    router.put('/handover', [HandoverController, 'update']).as('internal.handover')
    // Spec: PUT /internal/{id}/invoice with date, the proof of invoice's refresh.
    router.put('/invoice', [InvoiceProofController, 'refresh']).as('internal.invoice.refresh')
    // Links kept from before the file layer: the application letter and a line's current file.
    router.get('/letter', [FilesController, 'letter']).as('internal.letter')
    router.get('/file/:deviceId/:kind', [FilesController, 'deviceFile']).as('internal.file')
  })
  .prefix('/internal/:id')
  .where('id', router.matchers.number())
  .where('decision', /^(approve|reject)$/)
  .where('deviceId', router.matchers.number())
  .where('kind', /^(certificate|result)$/)
  .use([middleware.auth(), middleware.order({ type: 'internal' })])
