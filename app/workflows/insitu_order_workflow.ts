import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import {
  NEW_REQUEST_NEWS,
  SHARED_TIMELINE,
  defineOrderWorkflow,
  feedbackFormRefusal,
  orderWorkActions,
  sharedOrderPage,
  type LabelOfficer,
} from '#workflows/order_actions'
import { labPlansMissing } from '#queries/insitu/lab_plans'
import { allDevicesSettled } from '#queries/orders/open_devices'
import { feedbackNotGiven } from '#queries/orders/feedback_given'

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

/** Labels on site: the officer_pk who leads the PK team (spec part 2 section 6). */
const pkLeader: LabelOfficer = {
  is: (user, order) =>
    user.can('label.request') &&
    (order.teamMembers ?? []).some(
      (member) => member.userId === user.id && member.lab === 'pk' && member.isLeader
    ),
  only: 'Permintaan label insitu diajukan oleh ketua tim PK yang ditugaskan pada order ini.',
}

const work = orderWorkActions<InsituStatus>(
  'insitu',
  {
    open: OPEN,
    worksheets: ['DALAM PROSES', 'SELESAI'],
    working: ['DALAM PROSES'],
    certificateDate: ['DALAM PROSES'],
    files: ['DALAM PROSES', 'SELESAI'],
    attaching: ['DALAM PROSES'],
    cancelDevice: ['DALAM PROSES'],
    invoice: ['SELESAI'],
    labels: ['DALAM PROSES', 'SELESAI'],
    labelling: ['DALAM PROSES'],
    certificates: ['DALAM PROSES', 'SELESAI'],
  },
  pkLeader
)

/** An officer of the team of the device's lab (any lab's team without a device). */
const inTeam = (user: User, order: Order, device?: OrderDevice) =>
  (order.teamMembers ?? []).some(
    (member) => member.userId === user.id && (!device || member.lab === device.lab)
  )

/** Worksheets on site: who works every line (yantek), or an officer of the lab's team. */
const yantekOrTeam = (user: User, order: Order, device?: OrderDevice) =>
  user.can('orders.work.every_line') || inTeam(user, order, device)

const TEAM_ONLY = 'Lembar kerja ini hanya untuk petugas tim laboratorium yang ditugaskan.'

/** A button's route of this type (under /insitu/{id}); the shared ones: `sharedOrderPage`. */
const page = (route: InsituRoute) => (order: Order) => urlFor(route, { id: order.id })
type InsituRoute =
  | 'insitu.edit'
  | 'insitu.confirm.form'
  | 'insitu.estimation.form'
  | 'insitu.accommodation.form'
  | 'insitu.offering'
  | 'insitu.offering.send'
  | 'insitu.offering.sign_form'
  | 'insitu.offering.confirm_form'
  | 'insitu.finalization.form'
  | 'insitu.officer.form'
  | 'insitu.cancel.form'

/** The statuses in which the facility has been sent the offering letter. */
const OFFERING_SENT: string[] = [
  'MENUNGGU PERSETUJUAN',
  'PENAWARAN DISETUJUI',
  'DALAM PROSES',
  'SELESAI',
]

export const insituWorkflow = defineOrderWorkflow<InsituStatus>()({
  name: 'insitu',
  describe: (order) => order.number,
  statuses: {
    'TERKIRIM': { tone: 'amber', card: 'Terkirim' },
    'DITERIMA': {
      tone: 'sky',
      card: 'Diterima',
      notice: 'Permintaan diterima laboratorium; estimasi pekerjaan sedang disusun.',
    },
    'MENUNGGU PENAWARAN': {
      tone: 'orange',
      card: 'Menunggu penawaran',
      notice: 'Estimasi selesai; surat penawaran sedang disiapkan.',
    },
    'MENUNGGU PERSETUJUAN': {
      tone: 'indigo',
      card: 'Menunggu persetujuan',
      notice: 'Surat penawaran menunggu persetujuan dan tanda tangan Anda.',
    },
    'PENAWARAN DISETUJUI': { tone: 'violet', notice: 'Persetujuan penawaran Anda sudah diterima.' },
    'DALAM PROSES': {
      tone: 'violet',
      card: 'Dalam proses',
      notice: 'Kontrak tercatat; tim laboratorium akan bekerja di lokasi Anda.',
    },
    'SELESAI': {
      tone: 'emerald',
      card: 'Selesai',
      notice:
        'Pekerjaan selesai. Mohon isi kuesioner umpan balik; sertifikat ada pada halaman Berkas.',
      noticeResults: true,
    },
    'DIBATALKAN': {
      tone: 'red',
      notice: 'Permintaan dibatalkan. Alasannya ada pada halaman permintaan.',
    },
  },
  actions: {
    create: {
      from: [],
      permission: 'insitu.create',
      verb: 'mengajukan permintaan',
      timeline: 'Permintaan insitu diajukan',
      news: NEW_REQUEST_NEWS,
    },
    edit: {
      from: ['TERKIRIM'],
      permission: 'insitu.edit',
      verb: 'mengubah permintaan',
      button: { label: 'Ubah', href: page('insitu.edit') },
      timeline: 'Permintaan diubah',
    },
    confirm: {
      from: ['TERKIRIM'],
      to: 'DITERIMA',
      permission: 'insitu.confirm',
      verb: 'menerima permintaan',
      button: { label: 'Terima Permintaan', href: page('insitu.confirm.form'), variant: 'primary' },
      timeline: 'Permintaan diterima laboratorium',
      task: { label: 'Konfirmasi permintaan insitu' },
    },
    // Reading the estimation: the page; saving it is `estimation_save` (per lab: its head or yantek).
    estimation: {
      from: PLANNED,
      permission: 'insitu.estimation',
      verb: 'membuka estimasi',
      view: true,
      button: { label: 'Estimasi', href: page('insitu.estimation.form') },
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
      button: { label: 'Akomodasi', href: page('insitu.accommodation.form') },
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
      // The signed offering stays readable while the work runs and after it (issue 35).
      from: [
        'DITERIMA',
        'MENUNGGU PENAWARAN',
        'MENUNGGU PERSETUJUAN',
        'PENAWARAN DISETUJUI',
        'DALAM PROSES',
        'SELESAI',
      ],
      permission: 'insitu.offering',
      // Spec: the facility sees the letter once it is sent to it.
      guard: (user, order) => !user.isFacility || OFFERING_SENT.includes(order.status),
      verb: 'membuka surat penawaran',
      view: true,
      button: { label: 'Surat Penawaran', href: page('insitu.offering') },
      statusRefusal: 'Surat penawaran belum dapat dibuat pada status ini.',
      guardRefusal: 'Surat penawaran belum dikirim kepada Anda.',
      blockedBy: labPlansMissing,
    },
    send_offering: {
      from: ['DITERIMA', 'MENUNGGU PENAWARAN'],
      to: 'MENUNGGU PERSETUJUAN',
      permission: 'insitu.offering.send',
      verb: 'mengirim surat penawaran',
      button: {
        label: 'Kirim Surat Penawaran',
        href: page('insitu.offering.send'),
        variant: 'primary',
        method: 'put',
        confirm: (order) =>
          `Apakah anda yakin ingin mengirimkan surat penawaran Order ${order.number} ke ${order.fasyankes?.fasyankesName ?? 'fasyankes'}?`,
      },
      blockedBy: labPlansMissing,
      timeline: 'Surat penawaran dikirim',
      task: { label: 'Kirim surat penawaran', waitsIn: ['MENUNGGU PENAWARAN'] },
    },
    sign: {
      from: ['MENUNGGU PERSETUJUAN'],
      to: 'PENAWARAN DISETUJUI',
      permission: 'insitu.sign',
      verb: 'menyetujui surat penawaran',
      button: {
        label: 'Setujui Penawaran',
        href: page('insitu.offering.sign_form'),
        variant: 'primary',
      },
      timeline: (change) => `Surat penawaran disetujui oleh ${String(change.signature_name ?? '')}`,
    },
    contract: {
      from: ['PENAWARAN DISETUJUI'],
      to: 'DALAM PROSES',
      permission: 'insitu.contract',
      verb: 'mengunggah surat persetujuan',
      button: {
        label: 'Unggah Kontrak',
        href: page('insitu.offering.confirm_form'),
        variant: 'primary',
      },
      timeline: 'Surat persetujuan dan kontrak diunggah',
      task: { label: 'Unggah surat persetujuan' },
    },
    finalize: {
      from: ['DALAM PROSES'],
      to: 'SELESAI',
      permission: 'insitu.finalize',
      verb: 'menyelesaikan permintaan',
      button: { label: 'Selesaikan', href: page('insitu.finalization.form'), variant: 'primary' },
      blockedBy: allDevicesSettled('Permintaan belum dapat diselesaikan'),
      timeline: 'Permintaan insitu diselesaikan',
    },
    // Spec: each lab's head picks that lab's team while the work is in progress.
    officers: {
      from: ['DALAM PROSES'],
      permission: 'insitu.officers',
      verb: 'memilih petugas',
      button: { label: 'Pilih Petugas', href: page('insitu.officer.form'), variant: 'primary' },
      timeline: (change) => `Tim ${String(change.lab ?? '').toUpperCase()} ditetapkan`,
      task: { label: 'Pilih tim petugas insitu' },
    },
    // Domain decisions: staff until the order is done; the facility only before the lab took it.
    cancel: {
      from: OPEN,
      to: 'DIBATALKAN',
      permission: 'insitu.cancel',
      guard: facilityOnlyWhileSent,
      verb: 'membatalkan permintaan',
      guardRefusal: 'Permintaan yang sudah diterima laboratorium dibatalkan oleh laboratorium.',
      button: { label: 'Batalkan Permintaan', href: page('insitu.cancel.form'), variant: 'danger' },
      timeline: 'Permintaan dibatalkan',
    },
    append: {
      from: OPEN,
      permission: 'insitu.append',
      guard: facilityOnlyWhileSent,
      verb: 'menambah permintaan',
      button: { label: 'Tambah Permintaan', href: sharedOrderPage('insitu', 'orders.append.form') },
      timeline: SHARED_TIMELINE.append,
    },
    ...work,
    worksheets: { ...work.worksheets, guard: yantekOrTeam, guardRefusal: TEAM_ONLY },
    worksheet: { ...work.worksheet, guard: yantekOrTeam, guardRefusal: TEAM_ONLY },
    worksheet_read: { ...work.worksheet_read, guard: yantekOrTeam },
    certificate_amend: { ...work.certificate_amend, guard: yantekOrTeam, guardRefusal: TEAM_ONLY },
    worksheet_upload: {
      ...work.worksheet_upload,
      guard: inTeam,
      guardRefusal: 'Unggah lembar kerja hanya untuk petugas tim laboratorium alat ini.',
    },
    delete_device: {
      ...work.delete_device,
      permission: 'insitu.append',
      guard: facilityOnlyWhileSent,
      verb: 'menghapus permintaan alat',
    },
    // Spec: the offering's facility sees the files once they exist; staff from the work on.
    files: { ...work.files, statusRefusal: 'Berkas tersedia setelah pekerjaan dimulai.' },
    feedback: {
      from: ['SELESAI'],
      permission: 'insitu.feedback',
      verb: 'mengisi umpan balik',
      blockedBy: feedbackNotGiven,
      formRefusal: feedbackFormRefusal,
      button: {
        label: 'Isi Umpan Balik',
        href: sharedOrderPage('insitu', 'orders.feedback.form'),
        variant: 'primary',
      },
      timeline: SHARED_TIMELINE.feedback,
    },
  },
})
