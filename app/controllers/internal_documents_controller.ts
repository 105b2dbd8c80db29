import type { HttpContext } from '@adonisjs/core/http'
import InternalAlkesOrder from '#models/internal_alkes_order'
import ForbiddenException from '#exceptions/forbidden_exception'
import { findVisibleOrder } from '#queries/internal_orders/order_detail'
import { formatDate, formatDateTime } from '#services/format'
import { storedPath } from '#services/storage'
import { orderProofPdf, type ProofDevice } from '#exports/order_proof_pdf'
import { orderFormatXlsx } from '#exports/order_format_xlsx'
import { canSeeFiles } from '#workflows/internal_order_workflow'
import type InternalOrder from '#models/internal_order'
import type User from '#models/user'

async function proofDevices(order: InternalOrder): Promise<ProofDevice[]> {
  const devices = await InternalAlkesOrder.query()
    .where('internal_order_id', order.id)
    .preload('alkes')
    .orderBy('id')
  return devices.map((d) => ({
    name: d.alkes.name,
    merk: d.merk,
    model: d.model,
    serial_number: d.serialNumber,
    functionality: d.functionality,
    accessories: d.accessories,
    status: d.status,
    price: d.price,
  }))
}

function sendPdf(ctx: HttpContext, name: string, pdf: PDFKit.PDFDocument) {
  ctx.response.header('Content-Type', 'application/pdf')
  ctx.response.header('Content-Disposition', `inline; filename="${name}.pdf"`)
  return ctx.response.stream(pdf)
}

function assertProofReader(user: User) {
  if (!user.can('internal.proofs')) throw new ForbiddenException()
}

export default class InternalDocumentsController {
  async receiveProof(ctx: HttpContext) {
    const user = ctx.auth.user!
    assertProofReader(user)
    const order = await findVisibleOrder(user, ctx.params.id)
    await order.load((l) => l.load('fasyankes').load('receive', (q) => q.preload('checker')))
    if (!order.receive)
      throw new ForbiddenException('Bukti penerimaan tersedia setelah alat diterima.')
    const receive = order.receive
    return sendPdf(
      ctx,
      `bukti-penerimaan-${order.number.replaceAll('/', '-')}`,
      orderProofPdf({
        kind: 'receive',
        number: order.number,
        facility: order.fasyankes.fasyankesName,
        facilityAddress: order.fasyankes.address,
        date: formatDate(receive.receivedDate),
        details: [
          ['Tanggal diterima', formatDate(receive.receivedDate)],
          ['Estimasi selesai', formatDate(receive.doneEstimationDate)],
          ['Jenis layanan', order.serviceType],
          ['Pengiriman', order.deliveryOption],
        ],
        checklist: [
          ['Kaji ulang permintaan', receive.reviewRequest],
          ['Kesiapan petugas', receive.officerReadiness],
          ['Kondisi peralatan', receive.equipmentCondition],
          ['Akomodasi dan lingkungan', receive.accommodationAndEnvironment],
          ['Kemampuan kalibrasi', receive.calibrationAbility],
          ['Beban kerja', receive.workload],
          ['Kesesuaian metode kalibrasi', receive.calibrationMethodCompatibility],
        ],
        people: {
          left: { role: 'Yang menyerahkan,', name: receive.contactPersonName },
          right: {
            role: 'Yang menerima,',
            name: receive.checker?.name ?? '..........................',
          },
        },
        devices: await proofDevices(order),
      })
    )
  }

  async handoverProof(ctx: HttpContext) {
    const user = ctx.auth.user!
    assertProofReader(user)
    const order = await findVisibleOrder(user, ctx.params.id)
    await order.load((l) => l.load('fasyankes').load('handover'))
    if (!order.handover)
      throw new ForbiddenException('Bukti serah terima tersedia setelah alat diserahkan.')
    const handover = order.handover
    return sendPdf(
      ctx,
      `bukti-serah-terima-${order.number.replaceAll('/', '-')}`,
      orderProofPdf({
        kind: 'handover',
        number: order.number,
        facility: order.fasyankes.fasyankesName,
        facilityAddress: order.fasyankes.address,
        date: formatDate(handover.createdAt),
        details: [
          ['Waktu serah terima', formatDateTime(handover.createdAt)],
          [
            'Penerima',
            `${handover.contactPersonReceiverName} (${handover.contactPersonReceiverPhone})`,
          ],
        ],
        checklist: [
          ['Alat diserahkan sesuai daftar', handover.alkesAccordingly],
          ['Sertifikat/hasil diserahkan', handover.certificateHandedover],
          ['Alat telah diperiksa penerima', handover.alkesChecked],
          ['Terdapat alat batal uji', handover.cancelTest],
        ],
        people: {
          left: { role: 'Yang menyerahkan,', name: user.name },
          right: { role: 'Yang menerima,', name: handover.contactPersonReceiverName },
        },
        devices: await proofDevices(order),
      })
    )
  }

  /** The application letter, for whoever may see the order (its facility and staff). */
  async letter({ auth, params, response }: HttpContext) {
    const order = await findVisibleOrder(auth.user!, params.id)
    if (!order.letterPath) return response.notFound('Surat permohonan tidak ditemukan')
    return response.download(storedPath(order.letterPath))
  }

  /** ASPAK and SRIKANDI files, generated from the order's results; visible like the other order files. */
  async format(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    if (!canSeeFiles(order.status, user.isFacility)) throw new ForbiddenException()
    await order.load('fasyankes')
    const devices = await InternalAlkesOrder.query()
      .where('internal_order_id', order.id)
      .preload('alkes')
      .orderBy('id')
    const kind = ctx.params.format === 'srikandi' ? 'srikandi' : 'aspak'
    const buffer = await orderFormatXlsx(
      kind,
      devices.map((d) => ({
        number: order.number,
        facility: order.fasyankes.fasyankesName,
        aspakCode: d.alkes.aspakCode,
        alkes: d.alkes.name,
        merk: d.merk,
        model: d.model,
        serialNumber: d.serialNumber,
        workDate: d.workDate?.toISODate() ?? null,
        isLaik: d.isLaik,
        certificateNumber: d.certificateNumber,
        price: d.price,
        status: d.status,
      }))
    )
    ctx.response.header(
      'Content-Type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    ctx.response.header(
      'Content-Disposition',
      `attachment; filename="${kind}-${order.number.replaceAll('/', '-')}.xlsx"`
    )
    return ctx.response.send(buffer)
  }
}
