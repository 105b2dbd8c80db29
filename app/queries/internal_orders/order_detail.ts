import db from '@adonisjs/lucid/services/db'
import InternalOrder from '#models/internal_order'
import type User from '#models/user'
import { formatDate, formatDateTime, formatRupiah, fromDatabase } from '#services/format'
import { formatDuration } from '#workflows/completion_estimate'
import { availableActions, canSeeFiles } from '#workflows/internal_order_workflow'

/**
 * Loads an order the user may see: a facility only its own (anything else is
 * a 404, as if it did not exist), staff with access to the list any order.
 */
export async function findVisibleOrder(user: User, id: unknown) {
  const query = InternalOrder.query().where('id', Number(id) || 0)
  if (user.isFacility) query.where('fasyankes_id', user.fasyankesId ?? 0)
  return query.firstOrFail()
}

const AUDIT_LABELS: Record<string, string> = {
  'internal.create': 'Permintaan diajukan',
  'internal.edit': 'Permintaan diubah',
  'internal.resubmit': 'Permintaan diajukan ulang',
  'internal.approve': 'Permintaan diterima',
  'internal.reject': 'Permintaan ditolak',
  'internal.append': 'Permintaan alat ditambah',
  'internal.delete_device': 'Alat dihapus dari permintaan',
  'internal.cancel_device': 'Uji alat dibatalkan',
  'internal.receive': 'Alat diterima laboratorium',
  'internal.assign_officers': 'Petugas ditetapkan',
  'internal.worksheet': 'Lembar kerja disimpan',
  'internal.worksheet_upload': 'Berkas lembar kerja diunggah',
  'internal.attachment': 'Berkas hasil diunggah',
  'internal.folder': 'Tautan folder disimpan',
  'internal.certificate_date': 'Tanggal sertifikat disimpan',
  'internal.handover': 'Alat diserahkan kembali',
  'internal.feedback': 'Umpan balik diisi',
}

/** Everything the detail and summary pages show, with the actions this user may take now. */
export async function orderDetail(order: InternalOrder, user: User) {
  await order.load((loader) => {
    loader
      .load('fasyankes')
      .load('alkesOrders', (q) => q.preload('alkes').preload('officer').orderBy('id'))
      .load('receive', (q) => q.preload('checker'))
      .load('handover')
      .load('feedback')
  })
  const timeline = await db
    .from('audit_logs')
    .where('subject_type', 'internal_order')
    .where('subject_id', String(order.id))
    .orderBy('id')
    .select('id', 'action', 'user_name', 'reason', 'created_at')

  const devices = order.alkesOrders.map((device) => ({
    id: device.id,
    alkes: { id: device.alkesId, name: device.alkes.name },
    price: device.price,
    formatted_price: formatRupiah(device.price),
    minute_estimation: device.minuteEstimation,
    description: device.description,
    status: device.status,
    merk: device.merk,
    model: device.model,
    serial_number: device.serialNumber,
    functionality: device.functionality,
    accessories: device.accessories,
    admin_description: device.adminDescription,
    officer: device.officer ? { id: device.officer.id, name: device.officer.name } : null,
    worksheet_saved: !!device.worksheetSavedAt,
    has_result: !!(
      device.certificateFilePath ||
      device.certificateLink ||
      device.resultFilePath ||
      device.resultLink
    ),
  }))
  const total = devices.filter((d) => d.status !== 'BATAL UJI').reduce((sum, d) => sum + d.price, 0)

  return {
    id: order.id,
    number: order.number,
    status: order.status,
    fasyankes: {
      id: order.fasyankes.id,
      fasyankes_name: order.fasyankes.fasyankesName,
      address: order.fasyankes.address,
    },
    service_type: order.serviceType,
    delivery_option: order.deliveryOption,
    delivery_travel_name: order.deliveryTravelName,
    contact_person_name: order.contactPersonName,
    contact_person_phone: order.contactPersonPhone,
    order_description: order.orderDescription,
    formatted_delivery_date_estimation: formatDate(order.deliveryDateEstimation),
    formatted_arrival_date_estimation: formatDate(order.arrivalDateEstimation),
    formatted_created_at: formatDateTime(order.createdAt),
    estimated_duration: formatDuration(order.estimatedMinutes),
    formatted_estimated_completion_at: formatDateTime(order.estimatedCompletionAt),
    has_letter: !!order.letterPath,
    folder_link: order.folderLink,
    formatted_certificate_date: order.certificateDate ? formatDate(order.certificateDate) : null,
    total_price: total,
    formatted_total_price: formatRupiah(total),
    devices,
    receive: order.receive
      ? {
          checker: order.receive.checker?.name ?? null,
          formatted_received_date: formatDate(order.receive.receivedDate),
          formatted_done_estimation_date: formatDate(order.receive.doneEstimationDate),
        }
      : null,
    handover: order.handover
      ? {
          receiver: order.handover.contactPersonReceiverName,
          formatted_created_at: formatDateTime(order.handover.createdAt),
        }
      : null,
    has_feedback: !!order.feedback,
    actions: availableActions(order.status, user.roles),
    can_see_files: canSeeFiles(order.status, user.isFacility),
    can_print_proofs: user.can('internal.proofs'),
    timeline: timeline.map((entry) => ({
      id: Number(entry.id),
      label: AUDIT_LABELS[entry.action] ?? entry.action,
      user_name: entry.user_name,
      reason: entry.reason,
      formatted_at: formatDateTime(fromDatabase(entry.created_at)),
    })),
  }
}
