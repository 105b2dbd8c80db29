import type { Readable } from 'node:stream'
import type Order from '#models/order'
import type User from '#models/user'
import type { Permission } from '#enums/permissions'
import type { SharedOrderAction } from '#workflows/order_actions'
import { receivingProof } from '#documents/internal/receiving_proof'
import { handoverProof } from '#documents/orders/handover_proof'
import { formatParts, orderFormatXlsx } from '#documents/orders/order_formats'
import { offeringLetter } from '#documents/insitu/offering_letter'
import { assignmentLetter } from '#documents/insitu/assignment_letter'
import { invoiceLetter } from '#documents/orders/invoice_letter'
import { proofOfInvoice } from '#documents/internal/proof_of_invoice'
import { labelSheet } from '#documents/orders/label_sheet'
import { stageIssued, stageLetterMissing } from '#queries/orders/invoice'
import {
  ORDER_TYPE_INFO,
  ORDER_TYPES,
  type OrderType,
  type OrderTypeInfo,
} from '#workflows/order_types'
import { labelSheetMissing } from '#queries/orders/labels'
import { LAB_LABELS, SERVICE_LABS } from '#enums/labs'
import { INVOICED, type InternalStatus } from '#workflows/internal_order_workflow'

/**
 * Every generated order document: where it is served, who may open it (a
 * permission, and/or an order workflow action the viewer must be allowed to
 * take), when it exists, and its builder. A new letter is one builder file
 * and one entry here; the route, the guard and the button follow.
 */
export interface OrderDocument {
  name: string
  label: string
  /** Where its link is offered: the order's own page, its files page, or its own page only. */
  placement: 'order' | 'files' | 'page'
  orderType: string
  /**
   * Its route's pattern under the order's `/{orderType}/:id/` (start/routes/orders.ts registers
   * it as `orders.document.{name}`; links to it come from that name, documentPath below).
   */
  path: string
  permission?: Permission
  /** An action of the order's workflow the viewer must be allowed to take now. */
  seenWith?: SharedOrderAction | 'offering'
  /**
   * Readers who do not see the type's list reach the order through this permission instead
   * (the PDP head and human resource read assignment letters).
   */
  reachedWith?: Permission
  /** A further rule of its own (a lab head sees only their lab's letter). */
  mayOpen?(order: Order, user: User): boolean
  /** Why it cannot be made yet, or null. */
  unavailable?(order: Order): Promise<string | null>
  /**
   * Whether it exists for this reader at all; when not, it is answered 404 and never offered
   * (an invoice letter of a stage the treasurer has not issued, to the facility).
   */
  exists?(order: Order, user: User): Promise<boolean>
  /**
   * A document served in parts (an on-site order's formats, per sub-order number and range):
   * each part's query string, how its link names it and the lines it holds. Without a part
   * asked for, the whole document.
   */
  parts?(order: Order): Promise<DocumentPart[]>
  fileName(order: Order, part?: DocumentPart): string
  contentType:
    'application/pdf' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  disposition: 'inline' | 'attachment'
  build(order: Order, user: User, part?: DocumentPart): Promise<Readable | Buffer>
}

export interface DocumentPart {
  query: Record<string, string>
  label: string
  deviceIds: number[]
}

const slug = (order: Order) => order.number.replaceAll('/', '-')
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const

const hasRow =
  (table: string, message: string, where: Record<string, string> = {}) =>
  async (order: Order) => {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const row = await db.from(table).where('order_id', order.id).where(where).first()
    return row ? null : message
  }

/** The format files of an order, one per sub-order number and range of its lines. */
async function formatDocumentParts(order: Order): Promise<DocumentPart[]> {
  const parts = await formatParts(order)
  return parts.map((part) => ({
    query: { sub_order: part.sub_order_number, part: String(part.part) },
    label: `${part.sub_order_number} bagian ${part.part} (alat ${part.range})`,
    deviceIds: part.deviceIds,
  }))
}

/** Who reads a type's ASPAK and SRIKANDI formats beyond the files page, and in parts or whole. */
function formatRules(orderType: OrderType): Pick<OrderDocument, 'permission' | 'parts'> {
  const { formats }: OrderTypeInfo = ORDER_TYPE_INFO[orderType]
  return {
    ...(formats.permission ? { permission: formats.permission } : {}),
    ...(formats.inParts ? { parts: formatDocumentParts } : {}),
  }
}

export const ORDER_DOCUMENTS: OrderDocument[] = [
  {
    name: 'receiving_proof',
    label: 'Cetak Bukti Penerimaan',
    placement: 'order',
    orderType: 'internal',
    path: 'receive/print',
    permission: 'internal.proofs',
    unavailable: hasRow('internal_receives', 'Bukti penerimaan tersedia setelah alat diterima.'),
    fileName: (order) => `bukti-penerimaan-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => receivingProof(order),
  },
  {
    name: 'handover_proof',
    label: 'Cetak Bukti Serah Terima',
    placement: 'order',
    orderType: 'internal',
    path: 'handover/print',
    permission: 'internal.proofs',
    unavailable: hasRow(
      'internal_handovers',
      'Bukti serah terima tersedia setelah alat diserahkan.'
    ),
    fileName: (order) => `bukti-serah-terima-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => handoverProof(order),
  },
  {
    name: 'offering_letter',
    label: 'Unduh Surat Penawaran (PDF)',
    placement: 'page',
    orderType: 'insitu',
    path: 'attachment/offering-letter',
    seenWith: 'offering',
    fileName: (order) => `surat-penawaran-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => offeringLetter(order),
  },
  // The invoice letters of every type (spec: GET /{orderType}/{id}/invoice/format/{1|2|3}), on
  // the invoice page: a stage's letter exists once the treasurer issued it (number and date);
  // before that the treasurer may print a blank draft, marked DRAF, of the next stage only
  // (its earlier date set), and nobody else sees it at all.
  ...ORDER_TYPES.flatMap((orderType) =>
    [1, 2, 3].map((stage): OrderDocument => ({
      name: `${orderType}_invoice_letter_${stage}`,
      label: `Unduh Surat Tagihan ${stage}`,
      placement: 'page',
      orderType,
      path: `invoice/format/${stage}`,
      seenWith: 'invoice',
      exists: async (order, user) =>
        user.can('invoice.manage') || (await stageIssued(order, stage)),
      unavailable: (order) => stageLetterMissing(order, stage),
      fileName: (order) => `surat-tagihan-${stage}-${slug(order)}.pdf`,
      contentType: 'application/pdf',
      disposition: 'inline',
      build: (order) => invoiceLetter(order, stage),
    }))
  ),
  // The printable label sheet of both types, on the label page once the labels are handed over.
  ...ORDER_TYPES.map((orderType): OrderDocument => ({
    name: `${orderType}_label_sheet`,
    label: 'Cetak Lembar Label (PDF)',
    placement: 'page',
    orderType,
    path: 'label/sheet',
    seenWith: 'label',
    unavailable: labelSheetMissing,
    fileName: (order) => `lembar-label-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => labelSheet(order),
  })),
  {
    name: 'proof_of_invoice',
    label: 'Cetak Bukti Tagihan',
    placement: 'order',
    orderType: 'internal',
    path: 'proof-of-invoice',
    permission: 'internal.invoice_proof',
    mayOpen: (order) => INVOICED.includes(order.status as InternalStatus),
    fileName: (order) => `bukti-tagihan-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => proofOfInvoice(order),
  },
  // Spec part 2 section 6: yantek, human resource and the PDP head see every lab's letter; each
  // lab's head their own.
  ...SERVICE_LABS.map((lab): OrderDocument => ({
    name: `assignment_letter_${lab}`,
    label: `Surat Tugas ${LAB_LABELS[lab]}`,
    placement: 'order',
    orderType: 'insitu',
    path: `attachment/assignment-letter/${lab}`,
    permission: 'insitu.assignment_letter',
    reachedWith: 'insitu.assignment_letter',
    mayOpen: (_order, user) => user.can('insitu.assignment_letter.every_lab') || user.headsLab(lab),
    unavailable: hasRow(
      'insitu_team_members',
      `Surat tugas ${LAB_LABELS[lab]} tersedia setelah timnya dipilih.`,
      { lab }
    ),
    fileName: (order) => `surat-tugas-${lab}-${slug(order)}.pdf`,
    contentType: 'application/pdf',
    disposition: 'inline',
    build: (order) => assignmentLetter(order, lab),
  })),
  // The ASPAK and SRIKANDI formats on the files page; on site only the PK head reads them.
  // An on-site order's are listed per sub-order number, part and range (spec part 2 section 3).
  ...ORDER_TYPES.flatMap((orderType) =>
    (['aspak', 'srikandi'] as const).map((format): OrderDocument => ({
      name: `${orderType}_${format}`,
      label: `Unduh Format ${format.toUpperCase()}`,
      placement: 'files',
      orderType,
      path: `attachment/${format}`,
      ...formatRules(orderType),
      seenWith: 'files',
      fileName: (order, part) =>
        `${format}-${slug(order)}${part ? `-${part.query.sub_order.replaceAll('/', '-')}-bagian-${part.query.part}` : ''}.xlsx`,
      contentType: XLSX,
      disposition: 'attachment',
      build: (order, _user, part) => orderFormatXlsx(format, order, part),
    }))
  ),
]
