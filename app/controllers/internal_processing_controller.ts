import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import InternalAlkesOrder from '#models/internal_alkes_order'
import ForbiddenException from '#exceptions/forbidden_exception'
import { actorOf } from '#services/audit'
import { labNow, formatDate } from '#services/format'
import { storedPath } from '#services/storage'
import { findVisibleOrder } from '#queries/internal_orders/order_detail'
import {
  FEEDBACK_CODES,
  FEEDBACK_GROUPS,
  canSeeFiles,
  canTake,
} from '#workflows/internal_order_workflow'
import {
  assignOfficers,
  handOver,
  receiveEquipment,
  submitFeedback,
} from '#actions/internal_orders/process_order'
import {
  attachResult,
  mayWorkOn,
  saveOrderField,
  saveWorksheet,
  uploadWorksheet,
} from '#actions/internal_orders/device_results'
import {
  attachmentValidator,
  certificateDateValidator,
  feedbackValidator,
  folderLinkValidator,
  handoverValidator,
  officerAssignmentValidator,
  receiveValidator,
  worksheetUploadValidator,
  worksheetValidator,
} from '#validators/internal_order'
import type InternalOrder from '#models/internal_order'
import type User from '#models/user'

const LAB_WORK_PLACE = 'Laboratorium Kalibrasi Kalibra'

async function devicesOf(order: InternalOrder) {
  return InternalAlkesOrder.query()
    .where('internal_order_id', order.id)
    .preload('alkes')
    .preload('officer')
    .orderBy('id')
}

function header(order: InternalOrder) {
  return { id: order.id, number: order.number, status: order.status }
}

async function staffOptions(roles: string[]) {
  const rows = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .whereIn('r.role', roles)
    .distinct('u.id', 'u.name')
    .orderBy('u.name')
  return rows.map((row) => ({ id: Number(row.id), name: row.name }))
}

function requireAction(action: Parameters<typeof canTake>[0], order: InternalOrder, user: User) {
  if (!canTake(action, order.status, user.roles)) {
    throw new ForbiddenException(
      `Tindakan ini tidak tersedia untuk ${order.number} pada status ${order.status}.`
    )
  }
}

/** The processing steps of an incoming-equipment order after approval (spec part 2 section 4). */
export default class InternalProcessingController {
  async receiveForm({ inertia, auth, params }: HttpContext) {
    const order = await findVisibleOrder(auth.user!, params.id)
    requireAction('receive', order, auth.user!)
    const devices = await devicesOf(order)
    await order.load('receive')
    const today = labNow().toISODate()
    return inertia.render('internal/receive', {
      order: header(order),
      checkers: await staffOptions(['yantek', 'admin_pk', 'officer_pk']),
      values: {
        checker: order.receive?.alkesCheckerUserId ?? auth.user!.id,
        contact_person_name: order.receive?.contactPersonName ?? order.contactPersonName,
        contact_person_phone: order.receive?.contactPersonPhone ?? order.contactPersonPhone,
        received_date: order.receive?.receivedDate.toISODate() ?? today,
        done_estimation_date:
          order.receive?.doneEstimationDate.toISODate() ??
          order.estimatedCompletionAt?.setZone('Asia/Makassar').toISODate() ??
          today,
      },
      devices: devices.map((d) => ({
        id: d.id,
        name: d.alkes.name,
        status: d.status,
        merk: d.merk ?? '',
        model: d.model ?? '',
        serial_number: d.serialNumber ?? '',
        functionality: d.functionality ?? 'Baik',
        accessories: d.accessories ?? '',
      })),
    })
  }

  async receive(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(receiveValidator)
    await receiveEquipment({ ...actorOf(ctx), user }, order, input)
    ctx.session.flash('success', `Alat pada ${order.number} diterima.`)
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async officerForm({ inertia, auth, params }: HttpContext) {
    const order = await findVisibleOrder(auth.user!, params.id)
    requireAction('assign_officers', order, auth.user!)
    const devices = await devicesOf(order)
    return inertia.render('internal/officer', {
      order: header(order),
      officers: await staffOptions(['officer_pk', 'supervisor_of_pk_laboratory']),
      devices: devices
        .filter((d) => d.status !== 'BATAL UJI')
        .map((d) => ({
          id: d.id,
          name: d.alkes.name,
          serial_number: d.serialNumber,
          officer_id: d.officerId,
        })),
    })
  }

  async assign(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { selected_officers: selected } = await ctx.request.validateUsing(
      officerAssignmentValidator
    )
    await assignOfficers({ ...actorOf(ctx), user }, order, selected)
    ctx.session.flash('success', `Petugas untuk ${order.number} ditetapkan.`)
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async handoverForm({ inertia, auth, params }: HttpContext) {
    const order = await findVisibleOrder(auth.user!, params.id)
    requireAction('handover', order, auth.user!)
    const devices = await devicesOf(order)
    return inertia.render('internal/handover', {
      order: header(order),
      values: {
        contact_person_receiver_name: order.contactPersonName,
        contact_person_receiver_phone: order.contactPersonPhone,
      },
      openDevices: devices.filter((d) => d.status === 'BELUM SELESAI').map((d) => d.alkes.name),
    })
  }

  async handover(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(handoverValidator)
    await handOver({ ...actorOf(ctx), user }, order, input)
    ctx.session.flash('success', `Alat ${order.number} diserahkan kembali. Menunggu umpan balik.`)
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async feedbackForm({ inertia, auth, params }: HttpContext) {
    const order = await findVisibleOrder(auth.user!, params.id)
    requireAction('feedback', order, auth.user!)
    return inertia.render('internal/feedback', {
      order: header(order),
      groups: FEEDBACK_GROUPS.map((group) => ({
        title: group.title,
        questions: group.questions.map(([code, text]) => ({ code, text })),
      })),
      backHref: `/internal/${order.id}/${auth.user!.isFacility ? 'summary' : 'detail'}`,
    })
  }

  async feedback(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(feedbackValidator)
    const ratings = Object.fromEntries(FEEDBACK_CODES.map((code) => [code, Number(input[code])]))
    await submitFeedback({ ...actorOf(ctx), user }, order, {
      unit: input.unit,
      critic: input.critic,
      ratings,
    })
    ctx.session.flash('success', 'Terima kasih atas umpan balik Anda. Permintaan selesai.')
    return ctx.response.redirect(`/internal/${order.id}/${user.isFacility ? 'summary' : 'detail'}`)
  }

  async worksheets({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (user.isFacility) throw new ForbiddenException()
    const devices = await devicesOf(order)
    return inertia.render('internal/worksheets', {
      order: {
        ...header(order),
        formatted_certificate_date: order.certificateDate
          ? formatDate(order.certificateDate)
          : null,
        certificate_date: order.certificateDate?.toISODate() ?? null,
      },
      devices: devices.map((d) => ({
        id: d.id,
        name: d.alkes.name,
        serial_number: d.serialNumber,
        status: d.status,
        officer: d.officer?.name ?? null,
        worksheet_saved: !!d.worksheetSavedAt,
        has_file: !!d.worksheetFilePath,
        can_edit: mayWorkOn(user, order, d),
        can_upload: user.hasRole('officer_pk', 'yantek') && mayWorkOn(user, order, d),
      })),
    })
  }

  async worksheetForm({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    const device = await InternalAlkesOrder.query()
      .where('id', Number(params.alkesOrderId) || 0)
      .where('internal_order_id', order.id)
      .preload('alkes')
      .firstOrFail()
    if (!mayWorkOn(user, order, device))
      throw new ForbiddenException('Lembar kerja ini hanya untuk petugas yang ditugaskan.')
    const now = labNow()
    return inertia.render('internal/worksheet', {
      order: header(order),
      device: { id: device.id, name: device.alkes.name },
      officers: await staffOptions(['officer_pk', 'supervisor_of_pk_laboratory', 'yantek']),
      values: {
        merk: device.merk ?? '',
        model: device.model ?? '',
        serial_number: device.serialNumber ?? '',
        type: device.type ?? 'Kalibrasi',
        additional_order_number: device.additionalOrderNumber ?? '',
        certificate_number: device.certificateNumber ?? device.alkes.certificateNumber ?? '',
        certificate_month: String(device.certificateMonth ?? now.month),
        work_date: device.workDate?.toISODate() ?? now.toISODate()!,
        work_place: device.workPlace ?? LAB_WORK_PLACE,
        room_name: device.roomName ?? '',
        is_laik: device.isLaik === null ? '1' : device.isLaik ? '1' : '0',
        officer_id: String(device.finisherOfficerId ?? device.officerId ?? user.id),
      },
    })
  }

  async worksheetUpdate(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(worksheetValidator)
    await saveWorksheet(
      { ...actorOf(ctx), user },
      order,
      Number(ctx.params.alkesOrderId) || 0,
      input
    )
    ctx.session.flash('success', 'Lembar kerja tersimpan.')
    return ctx.response.redirect(`/internal/${order.id}/worksheet/pk`)
  }

  async worksheetUpload(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { file } = await ctx.request.validateUsing(worksheetUploadValidator)
    await uploadWorksheet(
      { ...actorOf(ctx), user },
      order,
      Number(ctx.params.alkesOrderId) || 0,
      file
    )
    ctx.session.flash('success', 'Berkas lembar kerja diunggah.')
    return ctx.response.redirect(`/internal/${order.id}/worksheet/pk`)
  }

  async certificateDate(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { date } = await ctx.request.validateUsing(certificateDateValidator)
    await saveOrderField(
      { ...actorOf(ctx), user },
      order,
      'certificate_date',
      date.toISOString().slice(0, 10)
    )
    ctx.session.flash('success', 'Tanggal sertifikat tersimpan.')
    return ctx.response.redirect().back()
  }

  async attachments({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (!canSeeFiles(order.status, user.isFacility)) {
      throw new ForbiddenException(
        user.isFacility
          ? 'Berkas tersedia setelah permintaan selesai.'
          : 'Berkas tersedia setelah alat diterima.'
      )
    }
    const devices = await devicesOf(order)
    return inertia.render('internal/attachment', {
      order: { ...header(order), folder_link: order.folderLink },
      canUpload: !user.isFacility && user.hasRole('yantek', 'admin_pk', 'officer_pk'),
      backHref: `/internal/${order.id}/${user.isFacility ? 'summary' : 'detail'}`,
      devices: devices.map((d) => ({
        id: d.id,
        name: d.alkes.name,
        serial_number: d.serialNumber,
        status: d.status,
        certificate: d.certificateFilePath
          ? `/internal/${order.id}/file/${d.id}/certificate`
          : d.certificateLink,
        result: d.resultFilePath ? `/internal/${order.id}/file/${d.id}/result` : d.resultLink,
      })),
    })
  }

  async attach(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(attachmentValidator)
    await attachResult({ ...actorOf(ctx), user }, order, input)
    ctx.session.flash(
      'success',
      input.type === 'certificate' ? 'Sertifikat tersimpan.' : 'Hasil tersimpan.'
    )
    return ctx.response.redirect(`/internal/${order.id}/attachment`)
  }

  async folder(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { link } = await ctx.request.validateUsing(folderLinkValidator)
    await saveOrderField({ ...actorOf(ctx), user }, order, 'folder_link', link)
    ctx.session.flash('success', 'Tautan folder tersimpan.')
    return ctx.response.redirect(`/internal/${order.id}/attachment`)
  }

  /** Stored certificate/result PDFs, behind the same visibility rules as the files page. */
  async download({ auth, params, response }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (!canSeeFiles(order.status, user.isFacility)) throw new ForbiddenException()
    const device = await InternalAlkesOrder.query()
      .where('id', Number(params.deviceId) || 0)
      .where('internal_order_id', order.id)
      .firstOrFail()
    const path = params.kind === 'certificate' ? device.certificateFilePath : device.resultFilePath
    if (!path) return response.notFound('Berkas tidak ditemukan')
    response.header('Content-Type', 'application/pdf')
    return response.download(storedPath(path))
  }
}
