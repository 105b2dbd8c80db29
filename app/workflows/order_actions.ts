import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import type { LabelStatus } from '#models/label_request'
import {
  defineWorkflow,
  type ActionInfo,
  type ActionNews,
  type WorkflowDefinition,
} from '#workflows/kit'
import type { OrderType } from '#enums/order_types'
import { formatRupiah } from '#services/format'

/**
 * Actions every order type's workflow defines, because the shared order
 * features (device lines, worksheets, files, feedback) ask the order's own
 * workflow whether the user may take them now. Their timeline texts are the
 * same for every type.
 */
export const SHARED_TIMELINE = {
  append: 'Permintaan alat ditambah',
  delete_device: 'Alat dihapus dari permintaan',
  cancel_device: 'Uji alat dibatalkan',
  worksheet: 'Lembar kerja disimpan',
  worksheet_upload: 'Berkas lembar kerja diunggah',
  attachment: (change: Record<string, unknown>) =>
    change.type === 'result' ? 'Hasil diunggah' : 'Sertifikat diunggah',
  folder: 'Tautan folder disimpan',
  certificate_date: 'Tanggal sertifikat disimpan',
  feedback: 'Umpan balik diisi',
  invoice_update: 'Tagihan diperbarui',
  invoice_payment: 'Bukti pembayaran diunggah',
  invoice_confirm: 'Pembayaran dikonfirmasi',
  label_request: 'Permintaan label disimpan',
  label_handover: 'Label diserahkan kepada petugas',
  label_finishing: 'Pengembalian label dilaporkan',
  certificate_approve: (change: Record<string, unknown>) =>
    change.number ? `Sertifikat ${change.number} disetujui` : 'Sertifikat disetujui',
  certificate_amend: 'Revisi sertifikat diajukan',
} as const

export type SharedOrderAction =
  | keyof typeof SHARED_TIMELINE
  | 'worksheets'
  | 'worksheet_read'
  | 'files'
  | 'invoice'
  | 'label'
  | 'certificates'
  | 'certificate_draft'

type OrderAction<S extends string> = ActionInfo<S, Order, OrderDevice | undefined>

/** Only the officer assigned to the device. */
export const assignedOfficer = (user: User, _order: Order, device?: OrderDevice) =>
  !!device && device.officerId === user.id

/** A generated certificate is approved by the head of the device line's lab (issue 15). */
export const headOfDeviceLab = (user: User, _order: Order, device?: OrderDevice) =>
  !!device && user.headsLab(device.lab)

/** Worksheet: who works every line (yantek); anyone else only for the device assigned to them. */
export const assignedOrYantek = (user: User, order: Order, device?: OrderDevice) =>
  user.can('orders.work.every_line') || assignedOfficer(user, order, device)

/** The line's worksheet holds measurements (issue 15): its certificate can be drawn. */
export const measured = (_user: User, _order: Order, device?: OrderDevice) =>
  !!device && device.measuredLaik !== null

/** Opening the questionnaire of an order that does not wait for it (every type). */
export const feedbackFormRefusal = (order: Order) =>
  `Umpan balik ${order.number} tidak dapat diisi pada status ${order.status}.`

/** The pages an order's news leads to, by name (notifications/order_news.ts knows the addresses). */
export type OrderNewsPage = 'detail' | 'invoice'
type OrderNews = ActionNews<Order, OrderNewsPage>

/** A new request (every type): yantek and admin_pk are told, on the order's staff page (issue 17). */
export const NEW_REQUEST_NEWS: readonly OrderNews[] = [
  {
    to: { roles: ['yantek', 'admin_pk'] },
    title: (order) => `Permintaan baru ${order.number}`,
    body: (order, { facility, kind }) =>
      `${facility} mengajukan permintaan ${kind} (${order.deviceCount} alat, ${formatRupiah(order.totalPrice)}).`,
    link: 'detail',
  },
]

/** The order pages every type has, under `/{type}/{id}` (start/routes/orders.ts). */
type SharedOrderRoute =
  | 'orders.worksheets.first'
  | 'orders.attachment'
  | 'orders.certificates'
  | 'orders.invoice'
  | 'orders.append.form'
  | 'orders.feedback.form'

/** A button's href to an order page every type shares, from the route's name. */
export const sharedOrderPage =
  (type: string, route: SharedOrderRoute) => (order: Pick<Order, 'id'>) =>
    urlFor(route, { orderType: type, id: order.id })

/**
 * The shared work on an order's devices, the same for every type but for the statuses it is
 * open in and the type's permissions (`{type}.worksheet`, …): the worksheets, a sheet and its
 * upload, the result files, the folder link, the certificate date, removing and cancelling a
 * device line. A type overrides what differs by spreading its own definition after these.
 */
export function orderWorkActions<S extends string>(
  type: OrderType,
  when: {
    /** Device lines may be removed. */
    open: readonly S[]
    /** Worksheets are readable. */
    worksheets: readonly S[]
    /** Sheets are filled and uploaded. */
    working: readonly S[]
    certificateDate: readonly S[]
    files: readonly S[]
    attaching: readonly S[]
    cancelDevice: readonly S[]
    /** The invoice page, its stages and the payment (spec: once the work is done). */
    invoice: readonly S[]
    /** The label page and the report of returned labels. */
    labels: readonly S[]
    /** Labels are requested and handed over (while the work is in progress). */
    labelling: readonly S[]
    /**
     * Generated certificates are read, approved and amended: from the work on, also after
     * the hand-over (a correction is most often asked for then).
     */
    certificates: readonly S[]
  },
  /** The officer who requests the order's labels (spec: officer_pk; on site the PK leader). */
  labelOfficer: LabelOfficer
) {
  const page = (route: SharedOrderRoute) => sharedOrderPage(type, route)
  /** An action open in `from` to `{type}.{permission}`, on the timeline under `timeline`. */
  const recorded = (
    from: readonly S[],
    permission:
      'worksheet' | 'worksheet_upload' | 'attach' | 'certificate_date' | 'devices' | 'certificates',
    verb: string,
    timeline: keyof typeof SHARED_TIMELINE
  ) => ({
    from,
    permission: `${type}.${permission}` as const,
    verb,
    timeline: SHARED_TIMELINE[timeline],
  })
  /** A page of the order to open (`view`), with its button. */
  const opened = (
    from: 'worksheets' | 'files' | 'certificates',
    permission: 'worksheet' | 'view' | 'certificates',
    verb: string,
    label: string,
    route: Parameters<typeof page>[0]
  ) => ({
    from: when[from],
    permission: `${type}.${permission}` as const,
    verb,
    view: true,
    button: { label, href: page(route) },
  })
  const actions = {
    worksheets: opened(
      'worksheets',
      'worksheet',
      'membuka lembar kerja',
      'Lembar Kerja',
      // The first lab's worksheets this user may open (worksheets_controller `first`).
      'orders.worksheets.first'
    ),
    worksheet: {
      ...recorded(when.working, 'worksheet', 'mengisi lembar kerja', 'worksheet'),
      guard: assignedOrYantek,
      guardRefusal: 'Lembar kerja ini hanya untuk petugas yang ditugaskan.',
      // The sheet's page, to fill it or (`worksheet_read`) to read it.
      formRefusal: 'Lembar kerja ini hanya untuk petugas yang ditugaskan.',
    },
    // A sheet that may no longer be filled (the work is over) stays readable to whoever could
    // fill it, while the worksheets are open (issue 35, item 13): the sheet's guard, read-only.
    worksheet_read: {
      from: when.worksheets,
      permission: `${type}.worksheet` as const,
      verb: 'membaca lembar kerja',
      view: true,
      guard: assignedOrYantek,
    },
    worksheet_upload: {
      ...recorded(when.working, 'worksheet_upload', 'mengunggah lembar kerja', 'worksheet_upload'),
      guard: assignedOfficer,
      guardRefusal: 'Unggah lembar kerja hanya untuk petugas PK yang ditugaskan pada alat ini.',
    },
    files: opened('files', 'view', 'membuka berkas', 'Berkas', 'orders.attachment'),
    certificates: opened(
      'certificates',
      'certificates',
      'membuka sertifikat',
      'Sertifikat',
      'orders.certificates'
    ),
    // A line's certificate as its worksheet now stands (DRAF), from the certificates page.
    certificate_draft: {
      from: when.certificates,
      permission: `${type}.certificates` as const,
      verb: 'membuka draf sertifikat',
      view: true,
      guard: measured,
      guardRefusal: 'Lembar kerja alat ini belum memuat pengukuran.',
    },
    certificate_approve: {
      from: when.certificates,
      permission: 'certificate.approve',
      verb: 'menyetujui sertifikat',
      guard: headOfDeviceLab,
      guardRefusal: 'Sertifikat ini disetujui oleh kepala laboratorium alat tersebut.',
      timeline: SHARED_TIMELINE.certificate_approve,
    },
    certificate_amend: {
      ...recorded(when.certificates, 'worksheet', 'merevisi sertifikat', 'certificate_amend'),
      guard: assignedOrYantek,
      guardRefusal: 'Revisi sertifikat ini hanya untuk petugas yang ditugaskan.',
    },
    attachment: recorded(when.attaching, 'attach', 'mengunggah berkas hasil', 'attachment'),
    folder: recorded(when.files, 'attach', 'menyimpan tautan folder', 'folder'),
    certificate_date: recorded(
      when.certificateDate,
      'certificate_date',
      'mengubah tanggal sertifikat',
      'certificate_date'
    ),
    invoice: {
      from: when.invoice,
      permission: 'invoice.view',
      verb: 'membuka tagihan',
      view: true,
      statusRefusal: 'Tagihan tersedia setelah pekerjaan selesai.',
      button: { label: 'Tagihan', href: page('orders.invoice') },
    },
    ...invoiceSteps(when.invoice),
    ...labelSteps(type, when, labelOfficer),
    delete_device: recorded(when.open, 'devices', 'menghapus alat', 'delete_device'),
    cancel_device: recorded(when.cancelDevice, 'devices', 'membatalkan uji alat', 'cancel_device'),
  } satisfies Record<string, OrderAction<S>>
  return actions as Record<keyof typeof actions, OrderAction<S>>
}

/** Nothing changes on an invoice once its payment is confirmed. */
const unpaid = (_user: User, order: Order) => !order.paymentConfirmDate
/** Paid or confirmed only once a stage is issued, and before the confirmation. */
const invoicedUnpaid = (user: User, order: Order) => order.invoiceStage > 0 && unpaid(user, order)

const refusalWhen = (notYet: string) => (order: Order) =>
  order.paymentConfirmDate
    ? `Pembayaran ${order.number} sudah dikonfirmasi; tagihan tidak dapat diubah lagi.`
    : `${notYet} setelah tagihan ${order.number} diterbitkan.`

type InvoiceStep = 'invoice_update' | 'invoice_payment' | 'invoice_confirm'

/**
 * The invoice's news: the facility when a stage is issued or its payment confirmed, the
 * treasurer when the facility uploads a payment proof; each on the invoice page.
 */
const INVOICE_NEWS: Record<InvoiceStep, readonly OrderNews[]> = {
  invoice_update: [
    {
      to: 'facility',
      when: (order) => order.invoiceStage > 0,
      title: (order) => `Tagihan ${order.number} diterbitkan`,
      body: (order) =>
        `Tagihan tahap ${order.invoiceStage} untuk ${order.number} sudah diterbitkan. Unggah bukti pembayaran pada halaman Tagihan.`,
      link: 'invoice',
    },
  ],
  invoice_payment: [
    {
      to: { roles: ['treasurer'] },
      title: (order) => `Bukti pembayaran ${order.number}`,
      body: (order, { facility }) =>
        `${facility} mengunggah bukti pembayaran ${order.number}; mohon diperiksa dan dikonfirmasi.`,
      link: 'invoice',
    },
  ],
  invoice_confirm: [
    {
      to: 'facility',
      title: (order) => `Pembayaran ${order.number} dikonfirmasi`,
      body: (order) =>
        `Bendahara laboratorium sudah mengonfirmasi pembayaran ${order.number}. Terima kasih.`,
      link: 'invoice',
    },
  ],
}

/** The invoice's own steps: the treasurer issues the stages and confirms, the facility pays. */
function invoiceSteps<S extends string>(from: readonly S[]) {
  const step = (
    permission: 'invoice.manage' | 'invoice.pay',
    verb: string,
    timeline: InvoiceStep
  ) => ({
    from,
    permission,
    verb,
    statusRefusal: 'Tagihan tersedia setelah pekerjaan selesai.',
    timeline: SHARED_TIMELINE[timeline],
    news: INVOICE_NEWS[timeline],
  })
  return {
    invoice_update: {
      ...step('invoice.manage', 'memperbarui tagihan', 'invoice_update'),
      guard: unpaid,
      guardRefusal: refusalWhen('Tagihan diperbarui'),
    },
    invoice_payment: {
      ...step('invoice.pay', 'mengunggah bukti pembayaran', 'invoice_payment'),
      guard: invoicedUnpaid,
      guardRefusal: refusalWhen('Bukti pembayaran dapat diunggah'),
    },
    invoice_confirm: {
      ...step('invoice.manage', 'mengonfirmasi pembayaran', 'invoice_confirm'),
      guard: invoicedUnpaid,
      guardRefusal: refusalWhen('Pembayaran dapat dikonfirmasi'),
    },
  }
}

/**
 * The label request's own states (Pending, Diserahkan, Selesai) as guards: read from the
 * request loaded with the order (none yet counts as Pending; not loaded denies).
 */
const labelStatusIs = (order: Order, status: LabelStatus) =>
  order.labelRequest !== undefined && (order.labelRequest?.status ?? 'Pending') === status

/** Who requests an order's labels, and the refusal that names them to anyone else. */
export interface LabelOfficer {
  is: (user: User, order: Order) => boolean
  only: string
}

/**
 * The label page and steps (spec part 2: Labels): the order's officer requests the labels while
 * Pending and reports the returned ones once Diserahkan; staff hand them over.
 */
function labelSteps<S extends string>(
  type: OrderType,
  when: { labels: readonly S[]; labelling: readonly S[] },
  officer: LabelOfficer
) {
  const labelOfficer = officer.is
  const OFFICER_ONLY = officer.only
  const NOT_WORKING = 'Permintaan label tersedia selama pekerjaan berlangsung.'
  /** The officer's step while the request is in `status`; refused naming the request's state. */
  const officerStep = (status: LabelStatus, notNow: (order: Order) => string) => ({
    guard: (user: User, order: Order) => labelOfficer(user, order) && labelStatusIs(order, status),
    guardRefusal: (order: Order, user: User) =>
      labelOfficer(user, order) ? notNow(order) : OFFICER_ONLY,
  })
  const step = (
    from: readonly S[],
    permission: 'label.request' | 'label.handover' | 'label.finish',
    verb: string,
    timeline: 'label_request' | 'label_handover' | 'label_finishing'
  ) => ({
    from,
    permission,
    verb,
    statusRefusal: NOT_WORKING,
    timeline: SHARED_TIMELINE[timeline],
  })
  const stateOf = (order: Order) => order.labelRequest?.status ?? 'Pending'
  return {
    label: {
      from: when.labels,
      permission: 'label.view' as const,
      verb: 'membuka permintaan label',
      view: true,
      statusRefusal: NOT_WORKING,
      // Staff who hand labels over see every order's request; an officer only their order's.
      guard: (user: User, order: Order) => user.can('label.handover') || labelOfficer(user, order),
      guardRefusal: OFFICER_ONLY,
      button: {
        label: 'Permintaan Label',
        href: (order: Order) => urlFor('orders.label', { orderType: type, id: order.id }),
      },
    },
    label_request: {
      ...step(when.labelling, 'label.request', 'mengajukan permintaan label', 'label_request'),
      ...officerStep(
        'Pending',
        (order) => `Label ${order.number} sudah diserahkan; permintaan tidak dapat diubah lagi.`
      ),
    },
    label_handover: {
      ...step(when.labelling, 'label.handover', 'menyerahkan label', 'label_handover'),
      guard: (_user: User, order: Order) => !!order.labelRequest && labelStatusIs(order, 'Pending'),
      guardRefusal: (order: Order) =>
        order.labelRequest
          ? `Label ${order.number} sudah diserahkan.`
          : `Petugas belum mengajukan permintaan label ${order.number}.`,
    },
    label_finishing: {
      ...step(when.labels, 'label.finish', 'melaporkan pengembalian label', 'label_finishing'),
      ...officerStep('Diserahkan', (order) =>
        stateOf(order) === 'Selesai'
          ? `Pengembalian label ${order.number} sudah dilaporkan.`
          : `Label ${order.number} belum diserahkan.`
      ),
    },
  }
}

/** An order type's workflow: its statuses named, its actions read from its definition. */
export const defineOrderWorkflow =
  <S extends string>() =>
  <A extends string>(definition: WorkflowDefinition<S, A, Order, OrderDevice | undefined>) =>
    defineWorkflow(definition)
