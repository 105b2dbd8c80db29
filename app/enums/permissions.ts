import { STAFF_ROLES, type Role } from '#enums/roles'

/**
 * The one permission map. The sidebar, the buttons a page shows and every
 * server check read it; policies and pages name permissions, never roles.
 * Taken from spec part 1 section 6 (menu table and edit actions).
 */
/** The heads of the three service labs: each estimates and staffs its own lab's on-site work. */
const SERVICE_LAB_HEADS: Role[] = [
  'head_of_pk_laboratory',
  'head_of_ukpr_laboratory',
  'head_of_sarpras_laboratory',
]

const ADMINS_AND_HEADS: Role[] = [
  'admin_pk',
  'head_of_pk_laboratory',
  'admin_ukpr',
  'head_of_ukpr_laboratory',
  'admin_sarpras',
  'head_of_sarpras_laboratory',
]

/** Staff who see on-site orders (spec part 1 menu table: Insitu). */
const INSITU_STAFF: Role[] = [
  'yantek',
  ...ADMINS_AND_HEADS,
  'officer_pk',
  'officer_ukpr',
  'officer_sarpras',
  'human_resource',
  'treasurer',
]

export const PERMISSIONS = {
  'dashboard.view': ['yantek', 'fasyankes', 'admin_pk'],
  // Spec part 1, Dashboard and Monitoring: the order number and facility columns.
  'dashboard.all_facilities': ['yantek', 'admin_pk'],
  // "My tasks" (issue 10): what waits for this staff member; each role sees its own.
  'tasks.view': STAFF_ROLES,
  'internal.view': [
    'yantek',
    'admin_pk',
    'head_of_pk_laboratory',
    'officer_pk',
    'treasurer',
    'fasyankes',
  ],
  'insitu.view': [...INSITU_STAFF, 'fasyankes'],
  'internal.create': ['admin_pk', 'yantek', 'fasyankes'],
  // Spec part 2 section 6: which list columns each role sees.
  'internal.list.facility': ['admin_pk', 'yantek', 'treasurer'],
  'internal.list.delivery': ['admin_pk', 'yantek', 'fasyankes'],
  'internal.list.invoice': ['treasurer'],
  'internal.list.status': ['admin_pk', 'yantek', 'fasyankes', 'head_of_pk_laboratory'],
  // The Alat Datang status table (spec part 2 section 4, domain decisions); the workflow
  // (app/workflows/internal_order_workflow.ts) adds the statuses and guards.
  'internal.confirm': ['yantek', 'admin_pk'],
  'internal.edit': ['fasyankes', 'yantek', 'admin_pk'],
  'internal.resubmit': ['fasyankes'],
  'internal.delete': ['fasyankes', 'admin_pk'],
  'internal.delete_rejected': ['fasyankes'],
  'internal.append': ['yantek'],
  'internal.devices': ['admin_pk', 'yantek'],
  'internal.receive': ['yantek', 'admin_pk'],
  'internal.assign': ['admin_pk'],
  'internal.worksheet': ['yantek', 'admin_pk', 'officer_pk'],
  'internal.worksheet_upload': ['officer_pk'],
  // Generated certificates (issue 15): read by the worksheet staff and the PK head.
  'internal.certificates': ['yantek', 'admin_pk', 'officer_pk', 'head_of_pk_laboratory'],
  'internal.attach': ['yantek', 'admin_pk', 'officer_pk'],
  // Who uploads a result for any line, not only the lines assigned to them.
  'internal.attachment.every_line': ['yantek', 'admin_pk'],
  'internal.certificate_date': ['yantek', 'admin_pk', 'officer_pk', 'head_of_pk_laboratory'],
  'internal.handover': ['yantek', 'admin_pk'],
  'internal.feedback': ['fasyankes', 'yantek', 'admin_pk'],
  // Receiving and hand-over proofs (spec part 2, section 6: reports of internal orders).
  'internal.proofs': ['admin_pk', 'yantek', 'head_of_pk_laboratory'],
  // The Insitu (DL) status table (spec part 2 sections 4 and 6, domain decisions); the workflow
  // (app/workflows/insitu_order_workflow.ts) adds the statuses and guards.
  'insitu.create': ['fasyankes', 'yantek'],
  'insitu.list.facility': INSITU_STAFF,
  // The treasurer's invoice column and payment dates, as on the Alat Datang list.
  'insitu.list.invoice': ['treasurer'],
  'insitu.edit': ['fasyankes', 'yantek', 'admin_pk'],
  'insitu.confirm': ['yantek', 'admin_pk'],
  // Each head for their own lab (insituLabsOf); yantek for every lab.
  'insitu.estimation': ['yantek', ...SERVICE_LAB_HEADS],
  // Who estimates for every lab, not only the lab they head.
  'insitu.estimation.every_lab': ['yantek'],
  'insitu.accommodation': ['yantek'],
  'insitu.offering': ['yantek', 'fasyankes'],
  'insitu.offering.send': ['yantek'],
  'insitu.sign': ['fasyankes'],
  'insitu.contract': ['yantek'],
  'insitu.finalize': ['yantek'],
  // Spec part 2 section 6: the signer and contract data are yantek's (and the signing facility's).
  'insitu.agreement': ['yantek', 'fasyankes'],
  // Each head picks their own lab's team (the action checks the lab).
  'insitu.officers': SERVICE_LAB_HEADS,
  // Assignment letters: yantek, human resource, the PDP head, and each head for their own lab.
  'insitu.assignment_letter': [
    'yantek',
    'human_resource',
    'head_of_pdp_laboratory',
    ...SERVICE_LAB_HEADS,
  ],
  // Who reads every lab's letter, not only the lab they head.
  'insitu.assignment_letter.every_lab': ['yantek', 'human_resource', 'head_of_pdp_laboratory'],
  'insitu.cancel': ['yantek', 'admin_pk', 'fasyankes'],
  'insitu.append': ['yantek', 'admin_pk', 'fasyankes'],
  'insitu.devices': ['yantek', 'admin_pk'],
  'insitu.worksheet': ['yantek', 'officer_pk', 'officer_ukpr', 'officer_sarpras'],
  // Who works (worksheets) on every device line, not only the lines or team assigned to them.
  'orders.work.every_line': ['yantek'],
  'insitu.worksheet_upload': ['officer_pk', 'officer_ukpr', 'officer_sarpras'],
  'insitu.certificates': [
    'yantek',
    'officer_pk',
    'officer_ukpr',
    'officer_sarpras',
    ...SERVICE_LAB_HEADS,
  ],
  // Each head approves the certificates of their own lab's device lines (the workflow's guard).
  'certificate.approve': SERVICE_LAB_HEADS,
  'insitu.attach': ['yantek', 'head_of_pk_laboratory'],
  'insitu.certificate_date': ['yantek', ...SERVICE_LAB_HEADS],
  'insitu.feedback': ['fasyankes'],
  // Spec part 2 section 6: only the PK head sees the ASPAK and SRIKANDI formats of on-site orders.
  'insitu.formats': ['head_of_pk_laboratory'],
  // Invoices of both order types (spec part 2 section 4: treasurer and facility, once the work
  // is done): the treasurer issues the stages and confirms payment, the facility pays.
  'invoice.view': ['treasurer', 'fasyankes'],
  'invoice.manage': ['treasurer'],
  'invoice.pay': ['fasyankes'],
  // The proof of invoice of an incoming-equipment order (spec part 2 section 6): read by the
  // treasurer and the staff of internal reports, refreshed (file and date) by admin_pk and yantek.
  'internal.invoice_proof': ['treasurer', 'admin_pk', 'yantek', 'head_of_pk_laboratory'],
  'internal.invoice_refresh': ['admin_pk', 'yantek'],
  // Label requests of both order types (spec part 2: officer_pk requests and reports the returned
  // labels, on site the PK team leader; admin_pk and yantek hand them over).
  'label.view': ['officer_pk', 'admin_pk', 'yantek'],
  'label.request': ['officer_pk'],
  'label.handover': ['admin_pk', 'yantek'],
  'label.finish': ['officer_pk'],
  // Public holidays the completion estimate skips (domain decisions: staff can edit them).
  'holiday.edit': ['yantek', 'admin_pk'],
  'officer.view': ADMINS_AND_HEADS,
  'officer.edit': ADMINS_AND_HEADS,
  'fasyankes.view': ['yantek', ...ADMINS_AND_HEADS, 'human_resource'],
  'fasyankes.edit': ['yantek'],
  'inventory.view': ['yantek', ...ADMINS_AND_HEADS, 'fasyankes'],
  'alkes.view': ['yantek', ...ADMINS_AND_HEADS],
  'alkes.edit': ['head_of_pk_laboratory', 'admin_pk', 'yantek'],
  // A device type's test points (issue 15): each lab's head and admin, for their own lab's
  // devices only (app/services/lab_staff.ts).
  'alkes.test_points': ADMINS_AND_HEADS,
  'calibrator.view': ['yantek', ...ADMINS_AND_HEADS],
  'calibrator.edit': ['head_of_pk_laboratory', 'admin_pk'],
  // Calibrator lending (spec part 1): staff of the Kalibrator menu borrow; each lab's head
  // decides for their lab; yantek and the heads see who borrowed on the list.
  'loan.borrow': ['yantek', ...ADMINS_AND_HEADS],
  'loan.confirm': SERVICE_LAB_HEADS,
  'loan.list.borrower': ['yantek', ...SERVICE_LAB_HEADS],
  'report.view': ['yantek', ...ADMINS_AND_HEADS, 'human_resource'],
  'messaging.connect': STAFF_ROLES,
  // Notifications not delivered (issue 17): the lab admins see them and send them again.
  'notification.outbox': ['admin_pk', 'admin_ukpr', 'admin_sarpras'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[]

export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission]
}

export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission]
  return roles.some((role) => allowed.includes(role))
}

/** Every permission the roles grant, sent to the pages as `can` flags. */
export function permissionsOf(roles: readonly Role[]): Record<Permission, boolean> {
  return Object.fromEntries(
    PERMISSION_NAMES.map((name) => [name, hasPermission(roles, name)])
  ) as Record<Permission, boolean>
}
