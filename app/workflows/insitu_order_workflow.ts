import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import { defineWorkflow } from '#workflows/kit'
import { SHARED_TIMELINE } from '#workflows/order_actions'
import { labPlansMissing } from '#queries/insitu/lab_plans'

/**
 * The on-site (Insitu, DL) order as data (spec part 2 sections 4 and 6, the DL status table of
 * the domain decisions): statuses and, for each action, where it may start, where it leads, who
 * may take it, its button, its refusal and its timeline text.
 */
export const INSITU_STATUSES = [
  'TERKIRIM',
  'DITERIMA',
  'MENUNGGU PENAWARAN',
  'MENUNGGU PERSETUJUAN',
  'PENAWARAN DISETUJUI',
  'DALAM PROSES',
  'SELESAI',
  'DIBATALKAN',
] as const
export type InsituStatus = (typeof INSITU_STATUSES)[number]

const OPEN = INSITU_STATUSES.filter((status) => status !== 'SELESAI' && status !== 'DIBATALKAN')
/** From confirmation on, until the order ends: the estimation and accommodation are readable. */
const PLANNED = OPEN.filter((status) => status !== 'TERKIRIM')

/** A facility changes its requests only while the lab has not taken the order yet. */
const facilityOnlyWhileSent = (user: User, order: Order) =>
  !user.isFacility || order.status === 'TERKIRIM'

const page = (path: string) => (order: Order) => `/insitu/${order.id}${path}`

export const insituWorkflow = defineWorkflow<
  InsituStatus,
  | 'create'
  | 'edit'
  | 'confirm'
  | 'estimation'
  | 'estimation_save'
  | 'accommodation'
  | 'accommodation_save'
  | 'plans_complete'
  | 'offering'
  | 'send_offering'
  | 'sign'
  | 'contract'
  | 'finalize'
  | 'cancel'
  | 'append'
  | 'delete_device'
  | 'cancel_device'
  | 'worksheets'
  | 'worksheet'
  | 'worksheet_upload'
  | 'files'
  | 'attachment'
  | 'folder'
  | 'certificate_date'
  | 'feedback',
  Order,
  OrderDevice | undefined
>({
  name: 'insitu',
  describe: (order) => order.number,
  statuses: {
    'TERKIRIM': { tone: 'amber', card: 'Terkirim' },
    'DITERIMA': { tone: 'sky', card: 'Diterima' },
    'MENUNGGU PENAWARAN': { tone: 'orange', card: 'Menunggu penawaran' },
    'MENUNGGU PERSETUJUAN': { tone: 'indigo', card: 'Menunggu persetujuan' },
    'PENAWARAN DISETUJUI': { tone: 'violet' },
    'DALAM PROSES': { tone: 'violet', card: 'Dalam proses' },
    'SELESAI': { tone: 'emerald', card: 'Selesai' },
    'DIBATALKAN': { tone: 'red' },
  },
  actions: {
    create: {
      from: [],
      permission: 'insitu.create',
      verb: 'mengajukan permintaan',
      timeline: 'Permintaan insitu diajukan',
    },
    edit: {
      from: ['TERKIRIM'],
      permission: 'insitu.edit',
      verb: 'mengubah permintaan',
      button: { label: 'Ubah', href: page('/edit') },
      timeline: 'Permintaan diubah',
    },
    confirm: {
      from: ['TERKIRIM'],
      to: 'DITERIMA',
      permission: 'insitu.confirm',
      verb: 'menerima permintaan',
      button: { label: 'Terima Permintaan', href: page('/confirm'), variant: 'primary' },
      timeline: 'Permintaan diterima laboratorium',
      task: { label: 'Konfirmasi permintaan insitu' },
    },
    // Reading the estimation: the page; saving it is `estimation_save` (per lab: its head or yantek).
    estimation: {
      from: PLANNED,
      permission: 'insitu.estimation',
      verb: 'membuka estimasi',
      view: true,
      button: { label: 'Estimasi', href: page('/estimation') },
    },
    estimation_save: {
      from: ['DITERIMA'],
      permission: 'insitu.estimation',
      verb: 'menyimpan estimasi',
      timeline: (change) => `Estimasi ${String(change.lab ?? '').toUpperCase()} disimpan`,
      task: { label: 'Estimasi pekerjaan insitu' },
    },
    accommodation: {
      from: PLANNED,
      permission: 'insitu.accommodation',
      verb: 'membuka akomodasi',
      view: true,
      button: { label: 'Akomodasi', href: page('/accommodation') },
    },
    accommodation_save: {
      from: ['DITERIMA'],
      permission: 'insitu.accommodation',
      verb: 'menyimpan akomodasi',
      timeline: 'Akomodasi disimpan',
    },
    // Taken by whoever saves the last missing estimation or accommodation (domain decisions).
    plans_complete: {
      from: ['DITERIMA'],
      to: 'MENUNGGU PENAWARAN',
      permission: 'insitu.estimation',
      verb: 'melengkapi estimasi dan akomodasi',
      timeline: 'Estimasi dan akomodasi lengkap',
    },
    offering: {
      from: ['DITERIMA', 'MENUNGGU PENAWARAN', 'MENUNGGU PERSETUJUAN', 'PENAWARAN DISETUJUI'],
      permission: 'insitu.offering',
      // Spec: the facility sees the letter once it is sent to it.
      guard: (user, order) =>
        !user.isFacility || ['MENUNGGU PERSETUJUAN', 'PENAWARAN DISETUJUI'].includes(order.status),
      verb: 'membuka surat penawaran',
      view: true,
      statusRefusal: 'Surat penawaran belum dapat dibuat pada status ini.',
      guardRefusal: 'Surat penawaran belum dikirim kepada Anda.',
      blockedBy: labPlansMissing,
    },
    send_offering: {
      from: ['DITERIMA', 'MENUNGGU PENAWARAN'],
      to: 'MENUNGGU PERSETUJUAN',
      permission: 'insitu.offering.send',
      verb: 'mengirim surat penawaran',
      blockedBy: labPlansMissing,
      timeline: 'Surat penawaran dikirim',
      task: { label: 'Kirim surat penawaran', waitsIn: ['MENUNGGU PENAWARAN'] },
    },
    sign: {
      from: ['MENUNGGU PERSETUJUAN'],
      to: 'PENAWARAN DISETUJUI',
      permission: 'insitu.sign',
      verb: 'menyetujui surat penawaran',
      button: { label: 'Setujui Penawaran', href: page('/offering/signature'), variant: 'primary' },
      timeline: (change) => `Surat penawaran disetujui oleh ${String(change.signature_name ?? '')}`,
    },
    contract: {
      from: ['PENAWARAN DISETUJUI'],
      to: 'DALAM PROSES',
      permission: 'insitu.contract',
      verb: 'mengunggah surat persetujuan',
      button: { label: 'Unggah Kontrak', href: page('/offering/confirm'), variant: 'primary' },
      timeline: 'Surat persetujuan dan kontrak diunggah',
      task: { label: 'Unggah surat persetujuan' },
    },
    finalize: {
      from: ['DALAM PROSES'],
      to: 'SELESAI',
      permission: 'insitu.finalize',
      verb: 'menyelesaikan permintaan',
      button: { label: 'Selesaikan', href: page('/finalization'), variant: 'primary' },
      timeline: 'Permintaan insitu diselesaikan',
    },
    // Domain decisions: staff until the order is done; the facility only before the lab took it.
    cancel: {
      from: OPEN,
      to: 'DIBATALKAN',
      permission: 'insitu.cancel',
      guard: facilityOnlyWhileSent,
      verb: 'membatalkan permintaan',
      guardRefusal: 'Permintaan yang sudah diterima laboratorium dibatalkan oleh laboratorium.',
      button: { label: 'Batalkan Permintaan', href: page('/cancel'), variant: 'danger' },
      timeline: 'Permintaan dibatalkan',
    },
    append: {
      from: OPEN,
      permission: 'insitu.append',
      guard: facilityOnlyWhileSent,
      verb: 'menambah permintaan',
      button: { label: 'Tambah Permintaan', href: page('/append') },
      timeline: SHARED_TIMELINE.append,
    },
    delete_device: {
      from: OPEN,
      permission: 'insitu.append',
      guard: facilityOnlyWhileSent,
      verb: 'menghapus permintaan alat',
      timeline: SHARED_TIMELINE.delete_device,
    },
    cancel_device: {
      from: ['DALAM PROSES'],
      permission: 'insitu.devices',
      verb: 'membatalkan uji alat',
      timeline: SHARED_TIMELINE.cancel_device,
    },
    worksheets: {
      from: ['DALAM PROSES', 'SELESAI'],
      permission: 'insitu.worksheet',
      verb: 'membuka lembar kerja',
      view: true,
      button: { label: 'Lembar Kerja', href: page('/worksheet/pk') },
    },
    worksheet: {
      from: ['DALAM PROSES'],
      permission: 'insitu.worksheet',
      guard: (user, _order, device) =>
        user.hasRole('yantek') || (!!device && device.officerId === user.id),
      verb: 'mengisi lembar kerja',
      guardRefusal: 'Lembar kerja ini hanya untuk petugas yang ditugaskan.',
      timeline: SHARED_TIMELINE.worksheet,
    },
    worksheet_upload: {
      from: ['DALAM PROSES'],
      permission: 'insitu.worksheet_upload',
      guard: (user, _order, device) => !!device && device.officerId === user.id,
      verb: 'mengunggah lembar kerja',
      guardRefusal: 'Unggah lembar kerja hanya untuk petugas yang ditugaskan pada alat ini.',
      timeline: SHARED_TIMELINE.worksheet_upload,
    },
    files: {
      from: ['DALAM PROSES', 'SELESAI'],
      permission: 'insitu.view',
      verb: 'membuka berkas',
      view: true,
      statusRefusal: 'Berkas tersedia setelah pekerjaan dimulai.',
      button: { label: 'Berkas', href: page('/attachment') },
    },
    attachment: {
      from: ['DALAM PROSES'],
      permission: 'insitu.attach',
      verb: 'mengunggah berkas hasil',
      timeline: SHARED_TIMELINE.attachment,
    },
    folder: {
      from: ['DALAM PROSES', 'SELESAI'],
      permission: 'insitu.attach',
      verb: 'menyimpan tautan folder',
      timeline: SHARED_TIMELINE.folder,
    },
    certificate_date: {
      from: ['DALAM PROSES'],
      permission: 'insitu.certificate_date',
      verb: 'mengubah tanggal sertifikat',
      timeline: SHARED_TIMELINE.certificate_date,
    },
    feedback: {
      from: ['SELESAI'],
      permission: 'insitu.feedback',
      verb: 'mengisi umpan balik',
      button: { label: 'Isi Umpan Balik', href: page('/feedback'), variant: 'primary' },
      timeline: SHARED_TIMELINE.feedback,
    },
  },
})
