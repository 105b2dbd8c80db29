import type { Role } from '#enums/roles'

/**
 * The incoming-equipment (Alat Datang, DT) order as data: statuses and, for
 * each action, the statuses it may start from, where it leads, and who may
 * take it (spec part 2 section 4 and the status table of the domain
 * decisions). Pages show the actions this table allows; the server refuses
 * every other.
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

export const DEVICE_STATUSES = ['BELUM SELESAI', 'SELESAI', 'BATAL UJI'] as const
export type DeviceStatus = (typeof DEVICE_STATUSES)[number]

const NOT_DONE: InternalStatus[] = INTERNAL_STATUSES.filter((status) => status !== 'SELESAI')

export interface Transition {
  from: InternalStatus[]
  /** Resulting status; omitted when the action does not move the order. */
  to?: InternalStatus
  roles: Role[]
}

export const INTERNAL_ACTIONS = {
  approve: { from: ['MENUNGGU'], to: 'ORDER DITERIMA', roles: ['yantek', 'admin_pk'] },
  reject: { from: ['MENUNGGU'], to: 'DITOLAK', roles: ['yantek', 'admin_pk'] },
  edit: { from: ['MENUNGGU'], roles: ['fasyankes', 'yantek', 'admin_pk'] },
  resubmit: { from: ['DITOLAK'], to: 'MENUNGGU', roles: ['fasyankes'] },
  delete: { from: ['MENUNGGU'], roles: ['fasyankes', 'admin_pk'] },
  delete_rejected: { from: ['DITOLAK'], roles: ['fasyankes'] },
  append: { from: NOT_DONE, roles: ['yantek'] },
  delete_device: { from: NOT_DONE, roles: ['admin_pk', 'yantek'] },
  receive: {
    from: ['ORDER DITERIMA', 'ALAT DITERIMA'],
    to: 'ALAT DITERIMA',
    roles: ['yantek', 'admin_pk'],
  },
  assign_officers: {
    from: ['ALAT DITERIMA', 'PROSES PENGERJAAN'],
    to: 'PROSES PENGERJAAN',
    roles: ['admin_pk'],
  },
  cancel_device: { from: ['ALAT DITERIMA', 'PROSES PENGERJAAN'], roles: ['admin_pk', 'yantek'] },
  worksheet: { from: ['PROSES PENGERJAAN'], roles: ['yantek', 'admin_pk', 'officer_pk'] },
  handover: { from: ['PROSES PENGERJAAN'], to: 'MENUNGGU FEEDBACK', roles: ['yantek', 'admin_pk'] },
  feedback: {
    from: ['MENUNGGU FEEDBACK'],
    to: 'SELESAI',
    roles: ['fasyankes', 'yantek', 'admin_pk'],
  },
} as const satisfies Record<
  string,
  { from: readonly InternalStatus[]; to?: InternalStatus; roles: readonly Role[] }
>

export type InternalAction = keyof typeof INTERNAL_ACTIONS

/** Whether a user with these roles may take the action while the order is in this status. */
export function canTake(action: InternalAction, status: InternalStatus, roles: readonly Role[]) {
  const transition: { from: readonly InternalStatus[]; roles: readonly Role[] } =
    INTERNAL_ACTIONS[action]
  return transition.from.includes(status) && roles.some((role) => transition.roles.includes(role))
}

export function nextStatus(action: InternalAction, status: InternalStatus): InternalStatus {
  const transition: Transition = INTERNAL_ACTIONS[action] as unknown as Transition
  return transition.to ?? status
}

/** Every action the user may take now: what the order page offers as buttons. */
export function availableActions(status: InternalStatus, roles: readonly Role[]): InternalAction[] {
  return (Object.keys(INTERNAL_ACTIONS) as InternalAction[]).filter((action) =>
    canTake(action, status, roles)
  )
}

/** Order files: staff from ALAT DITERIMA onward, the facility only once SELESAI. */
export function canSeeFiles(status: InternalStatus, isFacility: boolean) {
  if (isFacility) return status === 'SELESAI'
  return (
    INTERNAL_STATUSES.indexOf(status) >= INTERNAL_STATUSES.indexOf('ALAT DITERIMA') &&
    status !== 'DITOLAK'
  )
}

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

/** Feedback questionnaire: 14 questions in four groups (spec part 2 section 9; no code 13). */
export const FEEDBACK_GROUPS = [
  {
    title: 'Kebijakan Pelayanan',
    questions: [
      ['1_a_K_1', 'Persyaratan pelayanan mudah dipahami dan dipenuhi'],
      ['2_a_K_2', 'Prosedur pelayanan jelas dan mudah diikuti'],
      ['3_a_K_3', 'Waktu penyelesaian layanan sesuai yang dijanjikan'],
      ['4_a_K_4', 'Tarif layanan wajar dan sesuai ketentuan'],
    ],
  },
  {
    title: 'Profesionalisme SDM',
    questions: [
      ['5_b_K_1', 'Petugas kompeten dalam memberikan layanan'],
      ['6_b_K_2', 'Petugas sopan dan ramah'],
      ['7_b_K_3', 'Petugas tanggap terhadap pertanyaan dan keluhan'],
    ],
  },
  {
    title: 'Sarana Prasarana',
    questions: [
      ['8_c_K_1', 'Ruang pelayanan nyaman dan bersih'],
      ['9_c_K_2', 'Fasilitas penerimaan dan penyerahan alat memadai'],
      ['10_c_K_3', 'Peralatan kalibrasi dalam kondisi baik'],
      ['11_c_K_4', 'Akses lokasi laboratorium mudah dijangkau'],
    ],
  },
  {
    title: 'Sistem Informasi Pelayanan Publik',
    questions: [
      ['12_d_K_1', 'Informasi layanan mudah diperoleh'],
      ['14_e_K_1', 'Status permintaan dapat dipantau dengan mudah'],
      ['15_e_K', 'Sistem informasi layanan mudah digunakan'],
    ],
  },
] as const

export const FEEDBACK_CODES = FEEDBACK_GROUPS.flatMap((group) =>
  group.questions.map(([code]) => code)
)
