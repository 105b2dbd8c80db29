import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'
import { ORDER_TYPE_PARAM, guarded } from '#start/route_kit'
import { ORDER_DOCUMENTS } from '#documents/registry'
import { SERVICE_LABS } from '#enums/labs'

const DeviceLinesController = () => import('#controllers/orders/device_lines_controller')
const WorksheetsController = () => import('#controllers/orders/worksheets_controller')
const CertificatesController = () => import('#controllers/orders/certificates_controller')
const AttachmentsController = () => import('#controllers/orders/attachments_controller')
const FeedbackController = () => import('#controllers/orders/feedback_controller')
const FilesController = () => import('#controllers/orders/files_controller')
const InvoicesController = () => import('#controllers/orders/invoices_controller')
const LabelsController = () => import('#controllers/orders/labels_controller')
const DeviceHistoryController = () => import('#controllers/device_history_controller')
const DeviceOutcomesController = () => import('#controllers/orders/device_outcomes_controller')

/**
 * The features both order types share, written once over `/:orderType/:id`
 * (spec part 2: worksheets, attachments, feedback, device lines). The order
 * loader binds the order after the type's list permission and the facility
 * scope; the order's own workflow then decides who may act in which status.
 */
const LAB_PARAM = new RegExp(`^(${SERVICE_LABS.join('|')})$`)

router
  .group(() => {
    // The order lists' device popover: each line's result and certificate (JSON).
    router.get('/devices', [DeviceOutcomesController, 'index']).as('orders.devices')
    router.get('/append', [DeviceLinesController, 'create']).as('orders.append.form')
    router.post('/append', [DeviceLinesController, 'store']).as('orders.append')
    router.get('/:deviceId/cancel', [DeviceLinesController, 'cancelForm']).as('orders.cancel.form')
    router.post('/:deviceId/cancel', [DeviceLinesController, 'cancel']).as('orders.cancel')
    router.delete('/:deviceId', [DeviceLinesController, 'destroy']).as('orders.device.destroy')
    // On-site orders name the lab of the line too: DELETE /insitu/{id}/{alkesOrderId}/{type}.
    router
      .delete('/:deviceId/:lab', [DeviceLinesController, 'destroy'])
      .as('orders.device.destroy_in_lab')

    // Each lab's worksheets (the spec's /worksheet/pk for PK, /worksheet/ukpr and
    // /worksheet/sarpras for on-site lines of those labs); /worksheet opens the first one the
    // user may work on.
    router.get('/worksheet', [WorksheetsController, 'first']).as('orders.worksheets.first')
    router
      .get('/worksheet/:lab', [WorksheetsController, 'index'])
      .where('lab', LAB_PARAM)
      .as('orders.worksheets')
    router
      .get('/worksheet/:lab/:alkesOrderId/edit', [WorksheetsController, 'edit'])
      .where('lab', LAB_PARAM)
      .as('orders.worksheet.form')
    router
      .put('/worksheet/:lab/:alkesOrderId/update', [WorksheetsController, 'update'])
      .where('lab', LAB_PARAM)
      .as('orders.worksheet.update')
    router
      .post('/worksheet/:lab/:alkesOrderId/upload', [WorksheetsController, 'upload'])
      .where('lab', LAB_PARAM)
      .as('orders.worksheet.upload')
    router
      .put('/certificate-date', [WorksheetsController, 'certificateDate'])
      .as('orders.certificate_date')

    // Generated certificates (issue 15): every revision, the draft, the approval, amendments.
    router.get('/certificates', [CertificatesController, 'index']).as('orders.certificates')
    router
      .get('/certificates/:alkesOrderId/draft', [CertificatesController, 'draft'])
      .as('orders.certificate.draft')
    router
      .post('/certificates/:certificateId/approve', [CertificatesController, 'approve'])
      .as('orders.certificate.approve')
    router
      .get('/certificates/:alkesOrderId/amend', [CertificatesController, 'amendForm'])
      .as('orders.certificate.amend.form')
    router
      .put('/certificates/:alkesOrderId/amend', [CertificatesController, 'amend'])
      .as('orders.certificate.amend')

    router.get('/attachment', [AttachmentsController, 'index']).as('orders.attachment')
    router
      .post('/attachment/folder', [AttachmentsController, 'folder'])
      .as('orders.attachment.folder')
    router.get('/attachment/match', [AttachmentsController, 'match']).as('orders.attachment.match')
    router
      .post('/attachment/bulk', [AttachmentsController, 'bulkStore'])
      .as('orders.attachment.bulk')
    router
      .post('/attachment/:type', [AttachmentsController, 'store'])
      .as('orders.attachment.upload')

    router.get('/feedback', [FeedbackController, 'create']).as('orders.feedback.form')
    router.post('/feedback', [FeedbackController, 'store']).as('orders.feedback')

    router.get('/files/:fileId', [FilesController, 'show']).as('orders.file')

    router.get('/invoice', [InvoicesController, 'show']).as('orders.invoice')
    router.post('/invoice/update', [InvoicesController, 'update']).as('orders.invoice.update')
    router.post('/invoice/payment', [InvoicesController, 'payment']).as('orders.invoice.payment')
    router.put('/invoice/confirm', [InvoicesController, 'confirm']).as('orders.invoice.confirm')

    // Spec: /insitu/{id}/label is the on-site order's label page (the same as /label/insitu/{id}).
    router.get('/label', [LabelsController, 'show']).as('orders.label.own')
    router.put('/label', [LabelsController, 'request']).as('orders.label.request')
    router.put('/label/handover', [LabelsController, 'handover']).as('orders.label.handover')
  })
  .prefix('/:orderType/:id')
  .where('orderType', ORDER_TYPE_PARAM)
  .where('id', router.matchers.number())
  .where('deviceId', router.matchers.number())
  .where('alkesOrderId', router.matchers.number())
  .where('fileId', router.matchers.number())
  .where('certificateId', router.matchers.number())
  .where('lab', /^(pk|ukpr|sarpras)$/)
  .where('type', /^(certificate|result)$/)
  .use([middleware.auth(), middleware.order()])

/** Spec part 2: the label request page, /label/internal/{id} (also for on-site orders). */
router
  .get('/label/:orderType/:id', [LabelsController, 'show'])
  .as('orders.label')
  .where('orderType', ORDER_TYPE_PARAM)
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.order()])

/** The officer's report of returned labels names the label request, not the order. */
router
  .post('/:orderType/:labelRequestId/label/finishing', [LabelsController, 'finishing'])
  .as('orders.label.finishing')
  .where('orderType', ORDER_TYPE_PARAM)
  .where('labelRequestId', router.matchers.number())
  .use([middleware.auth(), middleware.order({ byLabelRequest: true })])

/** One device's history: every order line it appeared on (`?alkes=&serial=&fasyankes=`). */
router
  .get('/device-history', [DeviceHistoryController, 'show'])
  .as('devices.history')
  .use(guarded('internal.view'))

/**
 * Generated documents (receiving and hand-over proofs, ASPAK/SRIKANDI, the letters), each at its
 * path under its order and named `orders.document.{name}`: links to it come from that name.
 */
for (const document of ORDER_DOCUMENTS) {
  router
    .get(`/${document.orderType}/:id/${document.path}`, async (ctx: HttpContext) => {
      const { serveOrderDocument } = await import('#controllers/orders/documents_controller')
      return serveOrderDocument(ctx, document)
    })
    .as(`orders.document.${document.name}`)
    .where('id', router.matchers.number())
    .use([
      middleware.auth(),
      ...(document.permission ? [middleware.can(document.permission)] : []),
      middleware.order({ type: document.orderType, permission: document.reachedWith }),
    ])
}

/** The public page behind a label's QR code (no sign-in): /verifikasi/{code}, or the code typed. */
const LabelVerificationController = () => import('#controllers/label_verification_controller')
router.get('/verifikasi', [LabelVerificationController, 'show']).as('labels.verify.form')
router.get('/verifikasi/:code', [LabelVerificationController, 'show']).as('labels.verify')
