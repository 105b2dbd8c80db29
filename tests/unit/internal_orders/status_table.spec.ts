import { test } from '@japa/runner'
import { ROLES, type Role } from '#enums/roles'
import { rolesWith } from '#enums/permissions'
import { FEEDBACK_CODES, FEEDBACK_GROUPS } from '#enums/feedback'
import { userWithRoles } from '#tests/helpers/accounts'
import {
  DEFAULT_APPROVAL_DESCRIPTION,
  DELIVERY_OPTIONS,
  INTERNAL_STATUSES,
  SERVICE_TYPES,
  internalWorkflow,
  type InternalStatus,
} from '#workflows/internal_order_workflow'

type InternalAction =
  | 'approve'
  | 'reject'
  | 'edit'
  | 'resubmit'
  | 'delete'
  | 'delete_rejected'
  | 'append'
  | 'delete_device'
  | 'receive'
  | 'assign_officers'
  | 'cancel_device'
  | 'worksheet'
  | 'handover'
  | 'feedback'

/**
 * Actions of the workflow that are not steps of the documents' status table:
 * creating, opening the worksheet list and the files page, and the uploads
 * and fields those pages carry (tested in the functional suites).
 */
const NOT_IN_STATUS_TABLE = [
  'create',
  'worksheets',
  'worksheet_read',
  'worksheet_upload',
  'files',
  'attachment',
  'folder',
  'certificate_date',
  // The invoice (checked against INVOICE_EXPECTED below).
  'invoice',
  'invoice_update',
  'invoice_payment',
  'invoice_confirm',
  'invoice_refresh',
  // Labels (checked against LABEL_EXPECTED below).
  'label',
  'label_request',
  'label_handover',
  'label_finishing',
  // Generated certificates (issue 15; checked against CERTIFICATE_EXPECTED below).
  'certificates',
  'certificate_draft',
  'certificate_approve',
  'certificate_amend',
]

/** Issue 15: who reads, approves and amends generated certificates (the PK head approves). */
const CERTIFICATE_STATUSES: InternalStatus[] = ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI']
const CERTIFICATE_EXPECTED: Record<string, Role[]> = {
  certificates: ['yantek', 'admin_pk', 'officer_pk', 'head_of_pk_laboratory'],
  // The draft of a line's certificate: whoever reads them, once the sheet holds measurements.
  certificate_draft: ['yantek', 'admin_pk', 'officer_pk', 'head_of_pk_laboratory'],
  certificate_approve: [
    'head_of_pk_laboratory',
    'head_of_ukpr_laboratory',
    'head_of_sarpras_laboratory',
  ],
  certificate_amend: ['yantek', 'admin_pk', 'officer_pk'],
}

/** The workflow read as the documents' status table: statuses, and roles from the permission map. */
const INTERNAL_ACTIONS = new Proxy(
  {} as Record<
    InternalAction,
    { from: readonly InternalStatus[]; to?: InternalStatus; roles: readonly Role[] }
  >,
  {
    get: (_, action: InternalAction) => {
      const info = internalWorkflow.action(action)
      return { from: info.from, to: info.to, roles: rolesWith(info.permission) }
    },
  }
)
const canTake = (action: InternalAction, status: InternalStatus, roles: Role[]) =>
  internalWorkflow.allowsRoles(action, status, roles)
const nextStatus = (action: InternalAction, status: InternalStatus) =>
  internalWorkflow.next(action, status)
const availableActions = (status: InternalStatus, roles: Role[]) =>
  (Object.keys(EXPECTED) as InternalAction[]).filter((action) => canTake(action, status, roles))
const canSeeFiles = (status: InternalStatus, isFacility: boolean) =>
  internalWorkflow.allows(
    'files',
    { status } as never,
    userWithRoles(isFacility ? ['fasyankes'] : ['yantek'])
  )

/**
 * The status table as issue 4, spec part 2 section 4 and the domain decisions
 * write it, typed out by hand here (not read from the code) so that the code
 * is checked against the documents.
 *
 * Domain decisions, "Incoming-equipment (internal, DT) order":
 *   approve   yantek, admin_pk            MENUNGGU -> ORDER DITERIMA
 *   reject    yantek, admin_pk            MENUNGGU -> DITOLAK
 *   edit and resubmit  fasyankes          DITOLAK -> MENUNGGU
 *   receive   yantek, admin_pk            ORDER DITERIMA -> ALAT DITERIMA
 *   assign officers  admin_pk             ALAT DITERIMA or PROSES PENGERJAAN -> PROSES PENGERJAAN
 *   hand over yantek, admin_pk            PROSES PENGERJAAN -> MENUNGGU FEEDBACK
 *   feedback  fasyankes, yantek, admin_pk MENUNGGU FEEDBACK -> SELESAI
 * Spec part 2 section 4 (actions by status):
 *   MENUNGGU: fasyankes, yantek, admin_pk can edit; fasyankes and admin_pk can delete.
 *   DITOLAK: fasyankes can edit (resubmit) and delete.
 *   ORDER DITERIMA or ALAT DITERIMA: yantek or admin_pk do equipment receiving.
 *   PROSES PENGERJAAN: worksheet for admin_pk, officer_pk, yantek; hidden in MENUNGGU FEEDBACK and SELESAI.
 *   Deleting a device and adding a request are hidden once the order is SELESAI.
 *   Adding a request (append) is yantek's (issue 4, "POST /internal/{id}/append, yantek").
 */
/**
 * The invoice's actions change no status (spec part 2 section 4: "Invoice: treasurer and
 * fasyankes in MENUNGGU FEEDBACK or SELESAI"; section 6: the treasurer issues and confirms, the
 * facility uploads the payment proof, admin_pk and yantek refresh the proof of invoice).
 */
const INVOICE_STATUSES: InternalStatus[] = ['MENUNGGU FEEDBACK', 'SELESAI']
const INVOICE_EXPECTED: Record<string, Role[]> = {
  invoice: ['treasurer', 'fasyankes'],
  invoice_update: ['treasurer'],
  invoice_payment: ['fasyankes'],
  invoice_confirm: ['treasurer'],
  invoice_refresh: ['admin_pk', 'yantek'],
}

/**
 * Label requests move their own state, not the order's (spec part 2: "Label request action:
 * officer_pk"; the domain decisions: staff hand the labels over, the officer reports the return).
 */
const LABEL_WORK: InternalStatus[] = ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI']
const LABEL_EXPECTED: Record<string, { from: InternalStatus[]; roles: Role[] }> = {
  label: { from: LABEL_WORK, roles: ['officer_pk', 'admin_pk', 'yantek'] },
  label_request: { from: ['PROSES PENGERJAAN'], roles: ['officer_pk'] },
  label_handover: { from: ['PROSES PENGERJAAN'], roles: ['admin_pk', 'yantek'] },
  label_finishing: { from: LABEL_WORK, roles: ['officer_pk'] },
}

const EXPECTED: Record<
  InternalAction,
  { from: InternalStatus[]; to: InternalStatus | null; roles: Role[] }
> = {
  approve: { from: ['MENUNGGU'], to: 'ORDER DITERIMA', roles: ['yantek', 'admin_pk'] },
  reject: { from: ['MENUNGGU'], to: 'DITOLAK', roles: ['yantek', 'admin_pk'] },
  edit: { from: ['MENUNGGU'], to: null, roles: ['fasyankes', 'yantek', 'admin_pk'] },
  resubmit: { from: ['DITOLAK'], to: 'MENUNGGU', roles: ['fasyankes'] },
  delete: { from: ['MENUNGGU'], to: null, roles: ['fasyankes', 'admin_pk'] },
  delete_rejected: { from: ['DITOLAK'], to: null, roles: ['fasyankes'] },
  append: {
    from: [
      'MENUNGGU',
      'ORDER DITERIMA',
      'DITOLAK',
      'ALAT DITERIMA',
      'PROSES PENGERJAAN',
      'MENUNGGU FEEDBACK',
    ],
    to: null,
    roles: ['yantek'],
  },
  delete_device: {
    from: [
      'MENUNGGU',
      'ORDER DITERIMA',
      'DITOLAK',
      'ALAT DITERIMA',
      'PROSES PENGERJAAN',
      'MENUNGGU FEEDBACK',
    ],
    to: null,
    roles: ['admin_pk', 'yantek'],
  },
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
  cancel_device: {
    from: ['ALAT DITERIMA', 'PROSES PENGERJAAN'],
    to: null,
    roles: ['admin_pk', 'yantek'],
  },
  worksheet: {
    from: ['PROSES PENGERJAAN'],
    to: null,
    roles: ['yantek', 'admin_pk', 'officer_pk'],
  },
  handover: {
    from: ['PROSES PENGERJAAN'],
    to: 'MENUNGGU FEEDBACK',
    roles: ['yantek', 'admin_pk'],
  },
  feedback: {
    from: ['MENUNGGU FEEDBACK'],
    to: 'SELESAI',
    roles: ['fasyankes', 'yantek', 'admin_pk'],
  },
}

const sorted = <T>(values: readonly T[]) => [...values].map(String).sort()

test.group('Internal order status table', () => {
  test('the seven statuses of the spec, in lifecycle order', ({ assert }) => {
    assert.deepEqual(
      [...INTERNAL_STATUSES],
      [
        'MENUNGGU',
        'ORDER DITERIMA',
        'DITOLAK',
        'ALAT DITERIMA',
        'PROSES PENGERJAAN',
        'MENUNGGU FEEDBACK',
        'SELESAI',
      ]
    )
  })

  test('labels: requested and handed over during the work, read and returned until the order ends', ({
    assert,
  }) => {
    for (const [action, expected] of Object.entries(LABEL_EXPECTED)) {
      const info = internalWorkflow.action(action as never)
      assert.deepEqual(sorted(info.from), sorted(expected.from), action)
      assert.isUndefined(info.to, action)
      assert.deepEqual(sorted(rolesWith(info.permission)), sorted(expected.roles), action)
    }
  })

  test('the invoice is open to the treasurer and the facility once the devices are handed over', ({
    assert,
  }) => {
    for (const [action, roles] of Object.entries(INVOICE_EXPECTED)) {
      const info = internalWorkflow.action(action as never)
      assert.deepEqual(sorted(info.from), sorted(INVOICE_STATUSES), action)
      assert.isUndefined(info.to, action)
      assert.deepEqual(sorted(rolesWith(info.permission)), sorted(roles), action)
    }
  })

  test('certificates are read, approved and amended from the work on, also after the hand-over', ({
    assert,
  }) => {
    for (const [action, roles] of Object.entries(CERTIFICATE_EXPECTED)) {
      const info = internalWorkflow.action(action as never)
      assert.deepEqual(sorted(info.from), sorted(CERTIFICATE_STATUSES), action)
      assert.isUndefined(info.to, action)
      assert.deepEqual(sorted(rolesWith(info.permission)), sorted(roles), action)
    }
  })

  test('the table has exactly the expected actions', ({ assert }) => {
    const workflowActions = Object.keys(internalWorkflow.definition.actions).filter(
      (action) => !NOT_IN_STATUS_TABLE.includes(action)
    )
    assert.deepEqual(sorted(workflowActions), sorted(Object.keys(EXPECTED)))
  })

  for (const [action, expected] of Object.entries(EXPECTED) as [
    InternalAction,
    (typeof EXPECTED)[InternalAction],
  ][]) {
    test(`${action}: from, to and roles match the documents`, ({ assert }) => {
      const actual = INTERNAL_ACTIONS[action] as {
        from: readonly InternalStatus[]
        to?: InternalStatus
        roles: readonly Role[]
      }
      assert.deepEqual(sorted(actual.from), sorted(expected.from), 'from')
      assert.equal(actual.to ?? null, expected.to, 'to')
      assert.deepEqual(sorted(actual.roles), sorted(expected.roles), 'roles')
    })
  }

  test('canTake answers exactly the table for every action, status and single role', ({
    assert,
  }) => {
    const mismatches: string[] = []
    for (const [action, expected] of Object.entries(EXPECTED) as [
      InternalAction,
      (typeof EXPECTED)[InternalAction],
    ][]) {
      for (const status of INTERNAL_STATUSES) {
        for (const role of ROLES) {
          const want = expected.from.includes(status) && expected.roles.includes(role)
          if (canTake(action, status, [role]) !== want)
            mismatches.push(`${action} ${status} ${role}: expected ${want}`)
        }
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('nextStatus follows the table and keeps the status for actions that do not move it', ({
    assert,
  }) => {
    assert.equal(nextStatus('approve', 'MENUNGGU'), 'ORDER DITERIMA')
    assert.equal(nextStatus('reject', 'MENUNGGU'), 'DITOLAK')
    assert.equal(nextStatus('resubmit', 'DITOLAK'), 'MENUNGGU')
    assert.equal(nextStatus('receive', 'ORDER DITERIMA'), 'ALAT DITERIMA')
    assert.equal(nextStatus('receive', 'ALAT DITERIMA'), 'ALAT DITERIMA')
    assert.equal(nextStatus('assign_officers', 'ALAT DITERIMA'), 'PROSES PENGERJAAN')
    assert.equal(nextStatus('assign_officers', 'PROSES PENGERJAAN'), 'PROSES PENGERJAAN')
    assert.equal(nextStatus('handover', 'PROSES PENGERJAAN'), 'MENUNGGU FEEDBACK')
    assert.equal(nextStatus('feedback', 'MENUNGGU FEEDBACK'), 'SELESAI')
    assert.equal(nextStatus('edit', 'MENUNGGU'), 'MENUNGGU')
    assert.equal(nextStatus('cancel_device', 'PROSES PENGERJAAN'), 'PROSES PENGERJAAN')
  })

  test('the lifecycle reaches SELESAI and nothing leaves it', ({ assert }) => {
    // create -> approve -> receive -> assign -> handover -> feedback
    let status: InternalStatus = 'MENUNGGU'
    for (const action of [
      'approve',
      'receive',
      'assign_officers',
      'handover',
      'feedback',
    ] as const) {
      assert.isTrue(canTake(action, status, ['admin_pk']), `${action} from ${status}`)
      status = nextStatus(action, status)
    }
    assert.equal(status, 'SELESAI')
    assert.deepEqual(availableActions('SELESAI', [...ROLES]), [])
  })
})

test.group('Internal order available actions', () => {
  const cases: [InternalStatus, Role[], InternalAction[]][] = [
    // MENUNGGU: staff confirm or edit; admin_pk also deletes; yantek appends and removes devices.
    ['MENUNGGU', ['admin_pk'], ['approve', 'reject', 'edit', 'delete', 'delete_device']],
    ['MENUNGGU', ['yantek'], ['approve', 'reject', 'edit', 'append', 'delete_device']],
    ['MENUNGGU', ['fasyankes'], ['edit', 'delete']],
    ['MENUNGGU', ['officer_pk'], []],
    ['MENUNGGU', ['treasurer'], []],
    // DITOLAK: only the facility edits (resubmits) or deletes.
    ['DITOLAK', ['fasyankes'], ['resubmit', 'delete_rejected']],
    ['DITOLAK', ['admin_pk'], ['delete_device']],
    // ORDER DITERIMA: staff receive the equipment; the facility waits.
    ['ORDER DITERIMA', ['admin_pk'], ['delete_device', 'receive']],
    ['ORDER DITERIMA', ['fasyankes'], []],
    // ALAT DITERIMA: only admin_pk chooses officers.
    [
      'ALAT DITERIMA',
      ['admin_pk'],
      ['delete_device', 'receive', 'assign_officers', 'cancel_device'],
    ],
    ['ALAT DITERIMA', ['yantek'], ['append', 'delete_device', 'receive', 'cancel_device']],
    // PROSES PENGERJAAN: worksheets and hand-over.
    [
      'PROSES PENGERJAAN',
      ['admin_pk'],
      ['delete_device', 'assign_officers', 'cancel_device', 'worksheet', 'handover'],
    ],
    ['PROSES PENGERJAAN', ['officer_pk'], ['worksheet']],
    ['PROSES PENGERJAAN', ['fasyankes'], []],
    ['PROSES PENGERJAAN', ['head_of_pk_laboratory'], []],
    // MENUNGGU FEEDBACK: the facility (or staff on its behalf) answers the questionnaire; no worksheet.
    ['MENUNGGU FEEDBACK', ['fasyankes'], ['feedback']],
    ['MENUNGGU FEEDBACK', ['officer_pk'], []],
    ['MENUNGGU FEEDBACK', ['yantek'], ['append', 'delete_device', 'feedback']],
    // SELESAI: nothing for anybody.
    ['SELESAI', ['fasyankes'], []],
    ['SELESAI', ['admin_pk', 'yantek'], []],
    // Several roles: the union.
    [
      'MENUNGGU',
      ['officer_pk', 'admin_pk'],
      ['approve', 'reject', 'edit', 'delete', 'delete_device'],
    ],
  ]
  for (const [status, roles, expected] of cases) {
    test(`${roles.join('+')} in ${status}`, ({ assert }) => {
      assert.deepEqual(sorted(availableActions(status, roles)), sorted(expected))
    })
  }
})

test.group('Internal order files visibility', () => {
  test('staff from ALAT DITERIMA on (not a rejected order); the facility only when SELESAI', ({
    assert,
  }) => {
    const staff: Record<InternalStatus, boolean> = {
      'MENUNGGU': false,
      'ORDER DITERIMA': false,
      'DITOLAK': false,
      'ALAT DITERIMA': true,
      'PROSES PENGERJAAN': true,
      'MENUNGGU FEEDBACK': true,
      'SELESAI': true,
    }
    for (const status of INTERNAL_STATUSES) {
      assert.equal(canSeeFiles(status, false), staff[status], `staff ${status}`)
      assert.equal(canSeeFiles(status, true), status === 'SELESAI', `facility ${status}`)
    }
  })
})

test.group('Internal order constants', () => {
  test('feedback: 14 questions, groups of 4, 3, 4, 3, codes 1_a_K_1 to 15_e_K without 13', ({
    assert,
  }) => {
    assert.deepEqual(
      FEEDBACK_GROUPS.map((group) => [group.title, group.questions.length]),
      [
        ['Kebijakan Pelayanan', 4],
        ['Profesionalisme SDM', 3],
        ['Sarana Prasarana', 4],
        ['Sistem Informasi Pelayanan Publik', 3],
      ]
    )
    assert.deepEqual(
      [...FEEDBACK_CODES],
      [
        '1_a_K_1',
        '2_a_K_2',
        '3_a_K_3',
        '4_a_K_4',
        '5_b_K_1',
        '6_b_K_2',
        '7_b_K_3',
        '8_c_K_1',
        '9_c_K_2',
        '10_c_K_3',
        '11_c_K_4',
        '12_d_K_1',
        '14_e_K_1',
        '15_e_K',
      ]
    )
    assert.isFalse(FEEDBACK_CODES.some((code) => code.startsWith('13_')))
  })

  test('delivery options, service types and the default approval text', ({ assert }) => {
    assert.deepEqual(
      [...DELIVERY_OPTIONS],
      [
        'Diantar oleh pihak pertama',
        'Diantar oleh pihak ketiga',
        'Via Travel',
        'Via Ekspedisi',
        'Menyerahkan melalui petugas',
      ]
    )
    assert.deepEqual([...SERVICE_TYPES], ['Reguler', 'Tuntung Saharian'])
    // Spec: "a text about waiting for the equipment to be delivered to the provider's laboratory".
    assert.match(DEFAULT_APPROVAL_DESCRIPTION, /alat/i)
    assert.match(DEFAULT_APPROVAL_DESCRIPTION, /laboratorium/i)
  })
})
