import type Order from '#models/order'
import type User from '#models/user'
import { currentFile } from '#files/order_files'
import { formatDate, formatDateTime, formatRupiah } from '#services/format'
import { LAB_LABELS, SERVICE_LABS } from '#enums/labs'
import type { InsituOrderDetail } from '#queries/insitu/detail_types'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { devicesOf } from '#queries/orders/order_devices'
import { orderTimeline } from '#queries/orders/timeline'
import { fileHref } from '#queries/orders/order_files_view'
import { orderPageActions } from '#queries/orders/order_page_actions'
import { labPlansOf } from '#queries/insitu/lab_plans'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import { deviceOutcomes } from '#queries/orders/device_outcomes'

/**
 * Everything the on-site order's detail page shows: the order and its letter, the requests
 * in one tab per lab (with what this user may do to each line), each lab's estimate, the
 * buttons this user may use now, and the timeline.
 */
export async function insituOrderDetail(order: Order, user: User): Promise<InsituOrderDetail> {
  await order.load((loader) => loader.load('fasyankes').load('insitu'))
  const [devices, timeline, letter, buttons, plans] = await Promise.all([
    devicesOf(order),
    orderTimeline(order),
    currentFile(undefined, order.id, 'application_letter'),
    orderPageActions(order, user),
    labPlansOf(order),
  ])
  const insitu = order.insitu
  const agreement = user.can('insitu.agreement')
  const outcomes = await deviceOutcomes(order, user, devices)
  const lines = devices.map((device) =>
    new OrderDeviceTransformer(device, { order, user, outcomes }).forDetail()
  )
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    status_tone: insituWorkflow.tone(order.status),
    execution_year: insitu.executionYear,
    letter_number: insitu.letterNumber,
    formatted_letter_date: formatDate(insitu.letterDate),
    letter_href: letter ? fileHref(order, letter) : null,
    formatted_created_at: formatDateTime(order.createdAt),
    fasyankes: {
      id: order.fasyankes.id,
      fasyankes_name: order.fasyankes.fasyankesName,
      address: order.fasyankes.address,
    },
    signature:
      agreement && insitu.signedAt
        ? {
            name: insitu.signatureName,
            nip: insitu.signatureNip,
            position: insitu.signaturePosition,
          }
        : null,
    contract_number: agreement ? insitu.contractNumber : null,
    formatted_contract_date:
      agreement && insitu.contractDate ? formatDate(insitu.contractDate) : null,
    cancel_reason: insitu.cancelReason,
    finalization_notes: insitu.finalizationNotes,
    folder_link: order.folderLink,
    device_count: order.deviceCount,
    formatted_total_price: formatRupiah(order.totalPrice),
    labs: SERVICE_LABS.map((lab) => {
      const plan = plans.get(lab)
      return {
        lab,
        label: LAB_LABELS[lab],
        devices: lines.filter((line) => line.lab === lab),
        final_estimation: plan?.estimatedAt ? plan.finalEstimation : null,
        total_officer: plan?.estimatedAt ? plan.totalOfficer : null,
      }
    }),
    buttons,
    timeline,
  }
}
