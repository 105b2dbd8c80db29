import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import {
  NEW_REQUEST_NEWS,
  SHARED_TIMELINE,
  defineOrderWorkflow,
  assignedOfficer,
  feedbackFormRefusal,
  orderWorkActions,
  sharedOrderPage,
  type LabelOfficer,
} from '#workflows/order_actions'
import { allDevicesSettled } from '#queries/orders/open_devices'

/**
 * The incoming-equipment (Alat Datang, DT) order as data: statuses and, for
 * each action, the statuses it may start from, where it leads, who may take
 * it, its button, its refusal and its timeline text (spec part 2 section 4,
 * the status table of the domain decisions).
 */
export const INTERNAL_STATUSES = [
  'MENUNGGU',
  'ORDER DITERIMA',
  'DITOLAK',
  'ALAT DITERIMA',
  'PROSES PENGERJAAN',
  'MENUNGGU FEEDBACK',
  'SELESAI',
] as const
export type InternalStatus = (typeof INTERNAL_STATUSES)[number]

const NOT_DONE = INTERNAL_STATUSES.filter((status) => status !== 'SELESAI')
const RECEIVED: InternalStatus[] = [
  'ALAT DITERIMA',
  'PROSES PENGERJAAN',
  'MENUNGGU FEEDBACK',
  'SELESAI',
]

/** Once the devices are back: the invoice and its proof (spec part 2 sections 4 and 6). */
export const INVOICED: InternalStatus[] = ['MENUNGGU FEEDBACK', 'SELESAI']

/** Labels: an officer_pk assigned to one of the order's devices (spec: officer_pk). */
const labelOfficer: LabelOfficer = {
  is: (user, order) =>
    user.can('label.request') &&
    (order.assignedLines ?? []).some((line) => line.officerId === user.id),
  only: 'Permintaan label hanya untuk petugas PK yang ditugaskan pada order ini.',
}

const work = orderWorkActions<InternalStatus>(
  'internal',
  {
    open: NOT_DONE,
    worksheets: ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK'],
    working: ['PROSES PENGERJAAN'],
    certificateDate: ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK'],
    files: RECEIVED,
    attaching: ['ALAT DITERIMA', 'PROSES PENGERJAAN', 'MENUNGGU FEEDBACK'],
    cancelDevice: ['ALAT DITERIMA', 'PROSES PENGERJAAN'],
    invoice: INVOICED,
    labels: ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI'],
    labelling: ['PROSES PENGERJAAN'],
    certificates: ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI'],
  },
  labelOfficer
)

/** A button's route of this type (under /internal/{id}); the shared ones: `sharedOrderPage`. */
const page =
  (route: InternalRoute, params: { decision?: 'approve' | 'reject' } = {}) =>
  (order: Order) =>
    urlFor(route, { ...params, id: order.id })
type InternalRoute =
  | 'internal.confirm.form'
  | 'internal.edit'
  | 'internal.receive.form'
  | 'internal.officer.form'
  | 'internal.handover.form'
  | 'internal.invoice.refresh'
  | 'internal.destroy'

/** Opening the confirmation (Terima, Tolak) of an order that does not wait for it. */
const notConfirmable = (order: Order) =>
  `Permintaan ${order.number} tidak dapat dikonfirmasi pada status ${order.status}.`
/** Opening the request form of an order that may no longer be changed or resubmitted. */
const notEditable = (order: Order) =>
  `Permintaan ${order.number} tidak dapat diubah pada status ${order.status}.`

export const internalWorkflow = defineOrderWorkflow<InternalStatus>()({
  name: 'internal',
  describe: (order) => order.number,
  statuses: {
    'MENUNGGU': { tone: 'amber', card: 'Menunggu' },
    'ORDER DITERIMA': {
      tone: 'sky',
      card: 'Order diterima',
      notice: 'Permintaan diterima. Silakan kirim alat sesuai estimasi tanggal pengiriman.',
    },
    'DITOLAK': {
      tone: 'red',
      notice:
        'Permintaan ditolak. Baca alasannya pada halaman permintaan, perbaiki, lalu ajukan kembali.',
    },
    'ALAT DITERIMA': {
      tone: 'indigo',
      card: 'Alat diterima',
      notice: 'Alat sudah diterima laboratorium dan menunggu dikerjakan.',
    },
    'PROSES PENGERJAAN': {
      tone: 'violet',
      card: 'Proses pengerjaan',
      notice: 'Alat sedang dikalibrasi oleh petugas laboratorium.',
    },
    'MENUNGGU FEEDBACK': {
      tone: 'orange',
      notice: 'Alat dan sertifikat sudah diserahkan. Mohon isi kuesioner umpan balik.',
      noticeResults: true,
    },
    'SELESAI': {
      tone: 'emerald',
      card: 'Selesai',
      notice: 'Permintaan selesai. Sertifikat dapat diunduh pada halaman Berkas.',
    },
  },
  actions: {
    create: {
      from: [],
      permission: 'internal.create',
      verb: 'mengajukan permintaan',
      timeline: 'Permintaan diajukan',
      news: NEW_REQUEST_NEWS,
    },
    approve: {
      from: ['MENUNGGU'],
      to: 'ORDER DITERIMA',
      permission: 'internal.confirm',
      verb: 'menerima permintaan',
      button: {
        label: 'Terima',
        href: page('internal.confirm.form', { decision: 'approve' }),
        variant: 'primary',
      },
      formRefusal: notConfirmable,
      timeline: 'Permintaan diterima',
      task: { label: 'Konfirmasi permintaan' },
    },
    reject: {
      from: ['MENUNGGU'],
      to: 'DITOLAK',
      permission: 'internal.confirm',
      verb: 'menolak permintaan',
      button: {
        label: 'Tolak',
        href: page('internal.confirm.form', { decision: 'reject' }),
        variant: 'danger',
      },
      formRefusal: notConfirmable,
      timeline: 'Permintaan ditolak',
    },
    edit: {
      from: ['MENUNGGU'],
      permission: 'internal.edit',
      verb: 'mengubah permintaan',
      button: { label: 'Ubah', href: page('internal.edit') },
      formRefusal: notEditable,
      timeline: 'Permintaan diubah',
    },
    resubmit: {
      from: ['DITOLAK'],
      to: 'MENUNGGU',
      permission: 'internal.resubmit',
      verb: 'mengajukan ulang permintaan',
      button: { label: 'Ubah dan Ajukan Ulang', href: page('internal.edit'), variant: 'primary' },
      formRefusal: notEditable,
      timeline: 'Permintaan diajukan ulang',
    },
    append: {
      from: NOT_DONE,
      permission: 'internal.append',
      verb: 'menambah permintaan',
      button: {
        label: 'Tambah Permintaan',
        href: sharedOrderPage('internal', 'orders.append.form'),
      },
      timeline: SHARED_TIMELINE.append,
    },
    receive: {
      from: ['ORDER DITERIMA', 'ALAT DITERIMA'],
      to: 'ALAT DITERIMA',
      permission: 'internal.receive',
      verb: 'menerima alat',
      button: { label: 'Terima Alat', href: page('internal.receive.form'), variant: 'primary' },
      timeline: 'Alat diterima laboratorium',
      // Receiving again (a second batch) is possible later, but it waits only before the first.
      task: { label: 'Terima alat', waitsIn: ['ORDER DITERIMA'] },
    },
    assign_officers: {
      from: ['ALAT DITERIMA', 'PROSES PENGERJAAN'],
      to: 'PROSES PENGERJAAN',
      permission: 'internal.assign',
      verb: 'memilih petugas',
      button: { label: 'Pilih Petugas', href: page('internal.officer.form'), variant: 'primary' },
      timeline: 'Petugas ditetapkan',
      task: { label: 'Pilih petugas', waitsIn: ['ALAT DITERIMA'] },
    },
    handover: {
      from: ['PROSES PENGERJAAN'],
      to: 'MENUNGGU FEEDBACK',
      permission: 'internal.handover',
      verb: 'menyerahkan alat',
      button: { label: 'Serah Terima', href: page('internal.handover.form'), variant: 'primary' },
      blockedBy: allDevicesSettled('Serah terima belum dapat dilakukan'),
      timeline: 'Alat diserahkan kembali',
      task: { label: 'Serah terima alat' },
    },
    feedback: {
      from: ['MENUNGGU FEEDBACK'],
      to: 'SELESAI',
      permission: 'internal.feedback',
      verb: 'mengisi umpan balik',
      button: {
        label: 'Isi Umpan Balik',
        href: sharedOrderPage('internal', 'orders.feedback.form'),
        variant: 'primary',
      },
      blockedBy: allDevicesSettled('Permintaan belum dapat diselesaikan'),
      formRefusal: feedbackFormRefusal,
      timeline: SHARED_TIMELINE.feedback,
    },
    // Spec: the worksheets are open in PROSES PENGERJAAN and MENUNGGU FEEDBACK; editing only in the first.
    ...work,
    // Order files: staff from ALAT DITERIMA on, the facility only once the order is done.
    files: {
      ...work.files,
      guard: (user, order) => !user.isFacility || order.status === 'SELESAI',
      guardRefusal: 'Berkas tersedia setelah permintaan selesai.',
      statusRefusal: 'Berkas tersedia setelah alat diterima.',
    },
    // A certificate or result: the assigned officer, yantek or admin_pk, only before SELESAI.
    attachment: {
      ...work.attachment,
      guard: (user, order, device) =>
        user.can('internal.attachment.every_line') || assignedOfficer(user, order, device),
      guardRefusal: 'Berkas hasil alat ini hanya diunggah oleh petugas yang ditugaskan.',
    },
    // Spec part 2 section 6: admin_pk and yantek refresh the proof of invoice's file and date
    // (PUT /internal/{id}/invoice), before a mismatch in the reports is reported.
    invoice_refresh: {
      from: INVOICED,
      permission: 'internal.invoice_refresh',
      verb: 'memperbarui berkas dan tanggal tagihan',
      statusRefusal: 'Bukti tagihan tersedia setelah alat diserahkan.',
      button: {
        label: 'Perbarui Berkas & Tanggal Tagihan',
        href: page('internal.invoice.refresh'),
        method: 'put',
        confirm: (order) =>
          `Perbarui bukti tagihan ${order.number} dengan data dan tanggal hari ini?`,
      },
      timeline: 'Berkas dan tanggal bukti tagihan diperbarui',
    },
    delete: {
      from: ['MENUNGGU'],
      permission: 'internal.delete',
      verb: 'menghapus permintaan',
      button: {
        label: 'Hapus Permintaan',
        href: page('internal.destroy'),
        variant: 'danger',
        method: 'delete',
        confirm: (order) => `Apakah anda yakin ingin menghapus data permintaan ${order.number}?`,
      },
      timeline: 'Permintaan dihapus',
    },
    delete_rejected: {
      from: ['DITOLAK'],
      permission: 'internal.delete_rejected',
      verb: 'menghapus permintaan',
      button: {
        label: 'Hapus Permintaan',
        href: page('internal.destroy'),
        variant: 'danger',
        method: 'delete',
        confirm: (order) => `Apakah anda yakin ingin menghapus data permintaan ${order.number}?`,
      },
    },
  },
})

export const DEFAULT_APPROVAL_DESCRIPTION =
  'Permintaan diterima. Silakan mengantarkan alat ke laboratorium kalibrasi kami sesuai estimasi tanggal pengiriman.'

export const DELIVERY_OPTIONS = [
  'Diantar oleh pihak pertama',
  'Diantar oleh pihak ketiga',
  'Via Travel',
  'Via Ekspedisi',
  'Menyerahkan melalui petugas',
] as const

export const SERVICE_TYPES = ['Reguler', 'Tuntung Saharian'] as const
