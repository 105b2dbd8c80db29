import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#models/user'
import type { Role } from '#enums/roles'
import { INSITU_STATUSES } from '#workflows/insitu_order_workflow'
import {
  FACILITY_EMAIL,
  MATRIX_ROLES,
  STATUSES,
  makeAlkes,
  makeOrder,
  pdfBuffer,
  statusOf,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { CASES as INTERNAL_CASES } from '#tests/functional/internal_orders/_action_cases'
import {
  CASES as INSITU_CASES,
  ROLES as INSITU_ROLES,
} from '#tests/functional/insitu_orders/_action_cases'
import {
  TEAM_LEADER_EMAIL,
  TEAM_MEMBER_EMAIL,
  makeInsitu,
  onSiteAlkes,
} from '#tests/functional/insitu_orders/_support'
import { makeCalibrator } from '#tests/functional/lending/_support'
import {
  measuredPayload,
  monitorOrder,
  monitorWithTemplate,
  standardCalibrator,
} from '#tests/functional/calibration/certificate_fixtures'
import {
  PASSWORD,
  accountWithRole,
  makeAlkes as makeMasterAlkes,
  makeOfficer,
} from '#tests/functional/master_data/_support'
import { duplicateRun, type DuplicateCase } from '#tests/helpers/duplicates'

/**
 * Issue 33, point 2: on PostgreSQL ten simultaneous payment confirmations wrote three audit
 * rows and sent three notices; eight simultaneous returns of one calibrator wrote five. Every
 * state-changing route is sent four times one after another and four times at once, each to a
 * fresh subject: both must answer alike (one done and three refused, or four done where a
 * repeat is a new act) and leave the same audit rows, notices and outbox messages, and never a
 * 500. On PostgreSQL the requests really run at once (a pool of connections); on SQLite their
 * transactions take turns, and the comparison still holds.
 */

/** A request as a signed-in user sends it from a page. */
const as = (request: ApiRequest, user: User) =>
  request.loginAs(user).withCsrfToken().withInertia().redirects(0)

/** What was created by these tests, removed after each (outside a global transaction). */
const marks: Record<string, number> = {}
const CREATED = ['orders', 'calibrator_loans', 'calibrators'] as const

async function markCreated() {
  for (const table of CREATED) {
    const row = await db.from(table).max('id as id').first()
    marks[table] = Number(row?.id ?? 0)
  }
}

/** Rows that point at orders without a cascade go first. */
const ORDER_DEPENDENTS = ['insitu_team_members', 'insitu_team_dates', 'calibrator_loan_orders']

async function removeCreated() {
  for (const table of ORDER_DEPENDENTS) {
    await db.from(table).where('order_id', '>', marks.orders).delete()
  }
  for (const table of CREATED) await db.from(table).where('id', '>', marks[table]).delete()
}

async function sameOnceOrAtOnce<C>(
  client: ApiClient,
  assert: any,
  name: string,
  duplicate: DuplicateCase<C>
) {
  const sequential = await duplicateRun(client, duplicate, 'sequential')
  const concurrent = await duplicateRun(client, duplicate, 'concurrent')
  assert.include(sequential.outcomes, 'done', `${name}: the case itself must succeed once`)
  assert.notInclude(sequential.outcomes, 'failed', `${name}: a repeated request failed`)
  assert.notInclude(concurrent.outcomes, 'failed', `${name}: a request at once failed`)
  assert.deepEqual(concurrent, sequential, `${name}: at once is not as one after another`)
}

/** The first role and status of a status table that may take the action. */
function firstAllowed<S extends string>(
  statuses: readonly S[],
  roles: readonly Role[],
  allowed: (status: S, role: Role) => boolean
) {
  for (const status of statuses) {
    for (const role of roles) if (allowed(status, role)) return { status, role }
  }
  throw new Error('no role may take this action in any status')
}

test.group('Concurrent duplicates | Alat Datang status table', (group) => {
  group.each.setup(markCreated)
  group.each.teardown(removeCreated)
  group.each.timeout(60_000)

  for (const [name, action] of Object.entries(INTERNAL_CASES)) {
    test(name, async ({ client, assert }) => {
      const { status, role } = firstAllowed(STATUSES, MATRIX_ROLES, action.allowed)
      const alkes = await makeAlkes({ price: 120_000, minuteEstimation: 45 })
      const user = await userWithRole(role)
      const admin = await userWithRole('admin_pk')
      const officer = await userWithRole('officer_pk')
      const otherOfficer = await userByEmail('budi.santoso@kalibra.test')
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
      await sameOnceOrAtOnce(client, assert, `${name} by ${role} in ${status}`, {
        prepare: async () => {
          const fixture = await makeOrder({
            status,
            alkes,
            ...action.fixture,
            ...(action.assignOfficer ? { officerId: officer.id } : {}),
          })
          const ctx = {
            fixture,
            user,
            alkes,
            officer,
            otherOfficer,
            admin,
            labelId: Number(firstLabel.id),
          }
          await action.prepare?.(ctx)
          return ctx
        },
        send: (api, ctx) => as(action.send(api, ctx), user),
        state: async (ctx) => statusOf(ctx.fixture.order.id),
      })
    })
  }
})

test.group('Concurrent duplicates | Insitu status table', (group) => {
  group.each.setup(markCreated)
  group.each.teardown(removeCreated)
  group.each.timeout(60_000)

  for (const [name, action] of Object.entries(INSITU_CASES)) {
    test(name, async ({ client, assert }) => {
      const { status, role } = firstAllowed(INSITU_STATUSES, INSITU_ROLES, action.allowed)
      const alkes = await onSiteAlkes('PK', 60, 200_000)
      const user = await userWithRole(role)
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
      const [leader, newLeader, member] = await Promise.all(
        [TEAM_LEADER_EMAIL, 'budi.santoso@kalibra.test', TEAM_MEMBER_EMAIL].map(userByEmail)
      )
      await sameOnceOrAtOnce(client, assert, `${name} by ${role} in ${status}`, {
        prepare: async () => {
          const fixture = await makeInsitu({ status, alkes, deviceStatus: action.deviceStatus })
          const ctx = {
            fixture,
            alkes,
            labelId: Number(firstLabel.id),
            leaderId: leader.id,
            newLeaderId: newLeader.id,
            memberId: member.id,
          }
          await action.prepare?.(ctx)
          return ctx
        },
        send: (api, ctx) => as(action.send(api, ctx), user),
        state: async (ctx) => statusOf(ctx.fixture.order.id),
      })
    })
  }
})

/** An Alat Datang order waiting for feedback, its two lines finished. */
async function workDone() {
  const { order, devices } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 2 })
  await db
    .from('order_devices')
    .whereIn(
      'id',
      devices.map((device) => device.id)
    )
    .update({ status: 'SELESAI' })
  return order
}

async function invoiced() {
  const order = await workDone()
  await db.table('invoices').insert({
    order_id: order.id,
    stage: 1,
    invoice_date: '2026-11-10',
    letter_number: `TG/${order.id}/2026`,
    created_at: new Date(),
    updated_at: new Date(),
  })
  await db.from('orders').where('id', order.id).update({ invoice_stage: 1 })
  return order
}

const paymentDate = async (orderId: number) => {
  const row = await db.from('orders').where('id', orderId).first()
  return row.payment_confirm_date ? 'confirmed' : 'open'
}

test.group('Concurrent duplicates | invoices and certificates', (group) => {
  group.each.setup(markCreated)
  group.each.teardown(removeCreated)
  group.each.timeout(60_000)

  test('the treasurer confirms a payment', async ({ client, assert }) => {
    const treasurer = await userWithRole('treasurer')
    await sameOnceOrAtOnce(client, assert, 'PUT /invoice/confirm', {
      prepare: invoiced,
      send: (api, order) =>
        as(
          api.put(`/internal/${order.id}/invoice/confirm`).json({ date: '2026-11-20' }),
          treasurer
        ),
      state: (order) => paymentDate(order.id),
    })
  })

  test('the treasurer issues an invoice stage', async ({ client, assert }) => {
    const treasurer = await userWithRole('treasurer')
    await sameOnceOrAtOnce(client, assert, 'POST /invoice/update', {
      prepare: workDone,
      send: (api, order) =>
        as(
          api
            .post(`/internal/${order.id}/invoice/update`)
            .fields({ first_date: '2026-11-10', number: 'TG/077/2026' }),
          treasurer
        ),
    })
  })

  test('the facility uploads its payment proof', async ({ client, assert }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    await sameOnceOrAtOnce(client, assert, 'POST /invoice/payment', {
      prepare: invoiced,
      send: (api, order) =>
        as(
          api
            .post(`/internal/${order.id}/invoice/payment`)
            .file('files[]', pdfBuffer(), { filename: 'bukti.pdf' }),
          facility
        ),
    })
  })

  test('the head approves a certificate', async ({ client, assert }) => {
    const head = await userWithRole('head_of_pk_laboratory')
    const officer = await userWithRole('officer_pk')
    const alkes = await monitorWithTemplate()
    await sameOnceOrAtOnce(client, assert, 'POST /certificates/:id/approve', {
      prepare: async () => {
        const { order, devices } = await monitorOrder(alkes)
        const { calibrator } = await standardCalibrator()
        await as(
          client
            .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
            .json(measuredPayload(officer.id, calibrator.id)),
          officer
        )
        const certificate = await db
          .from('certificates')
          .where('order_device_id', devices[0].id)
          .firstOrFail()
        return { order, certificateId: Number(certificate.id), calibratorId: calibrator.id }
      },
      send: (api, ctx) =>
        as(api.post(`/internal/${ctx.order.id}/certificates/${ctx.certificateId}/approve`), head),
      state: async (ctx) => {
        const rows = await db
          .from('certificates')
          .whereIn(
            'order_device_id',
            db.from('order_devices').where('order_id', ctx.order.id).select('id')
          )
          .select('status')
        return rows.map((row) => row.status)
      },
    })
  })
})

/** A Pending loan of one PK calibrator, by yantek. */
async function pendingLoan(client: ApiClient, yantek: User) {
  const calibrator = await makeCalibrator('PK')
  await as(client.post('/calibrator/loan').json(loanPayloadSync(calibrator)), yantek)
  const loan = await db.from('calibrator_loans').orderBy('id', 'desc').firstOrFail()
  return { loanId: Number(loan.id), calibrator }
}

/** A Confirmed loan, its PK head having approved it. */
async function confirmedLoan(client: ApiClient, yantek: User) {
  const made = await pendingLoan(client, yantek)
  await as(
    client.post(`/calibrator/loan/${made.loanId}/confirm`).json({ status: 'Confirmed' }),
    await userWithRole('head_of_pk_laboratory')
  )
  return made
}

const loanState = async ({ loanId }: { loanId: number }) => {
  const loan = await db.from('calibrator_loans').where('id', loanId).first()
  const open = await db
    .from('calibrator_loan_lines')
    .where('loan_id', loanId)
    .whereNull('return_date')
    .count('* as n')
    .first()
  return { status: loan.status, returned: Boolean(loan.returned_at), open: Number(open?.n) }
}

test.group('Concurrent duplicates | calibrator lending', (group) => {
  group.setup(loadHeads)
  group.each.setup(markCreated)
  group.each.teardown(removeCreated)
  group.each.timeout(60_000)

  test('two loans of one calibrator', async ({ client, assert }) => {
    const yantek = await userWithRole('yantek')
    await sameOnceOrAtOnce(client, assert, 'POST /calibrator/loan', {
      prepare: () => makeCalibrator('PK'),
      send: (api, calibrator) =>
        as(api.post('/calibrator/loan').json(loanPayloadSync(calibrator)), yantek),
    })
  })

  test('the borrower edits a pending loan', async ({ client, assert }) => {
    const yantek = await userWithRole('yantek')
    await sameOnceOrAtOnce(client, assert, 'PUT /calibrator/loan/:id', {
      prepare: () => pendingLoan(client, yantek),
      send: (api, ctx) =>
        as(
          api
            .put(`/calibrator/loan/${ctx.loanId}`)
            .json({ ...loanPayloadSync(ctx.calibrator), loan_description: 'Diubah' }),
          yantek
        ),
      state: loanState,
    })
  })

  test('the head decides a loan', async ({ client, assert }) => {
    const yantek = await userWithRole('yantek')
    const head = await userWithRole('head_of_pk_laboratory')
    await sameOnceOrAtOnce(client, assert, 'POST /calibrator/loan/:id/confirm', {
      prepare: () => pendingLoan(client, yantek),
      send: (api, ctx) =>
        as(api.post(`/calibrator/loan/${ctx.loanId}/confirm`).json({ status: 'Confirmed' }), head),
      state: loanState,
    })
  })

  test('the borrower returns a calibrator by its serial number', async ({ client, assert }) => {
    const yantek = await userWithRole('yantek')
    await sameOnceOrAtOnce(client, assert, 'POST /api/calibrator/loan/:id/return', {
      prepare: () => confirmedLoan(client, yantek),
      send: (api, ctx) =>
        api
          .post(`/api/calibrator/loan/${ctx.loanId}/return`)
          .json({ serial_number: ctx.calibrator.serialNumber })
          .loginAs(yantek)
          .withCsrfToken()
          .redirects(0),
      state: loanState,
    })
  })

  test('the borrower returns every calibrator at once', async ({ client, assert }) => {
    const yantek = await userWithRole('yantek')
    await sameOnceOrAtOnce(client, assert, 'POST /calibrator/loan/:id/return/batch', {
      prepare: () => confirmedLoan(client, yantek),
      send: (api, ctx) =>
        as(api.post(`/calibrator/loan/${ctx.loanId}/return/batch`).json({}), yantek),
      state: loanState,
    })
  })
})

/** loanPayload with the demo heads read once (the payload's own lookups are async). */
let heads: { pk: number; ukpr: number; sarpras: number } | null = null
async function loadHeads() {
  const [pk, ukpr, sarpras] = await Promise.all(
    (
      ['head_of_pk_laboratory', 'head_of_ukpr_laboratory', 'head_of_sarpras_laboratory'] as const
    ).map((role) => userWithRole(role))
  )
  heads = { pk: pk.id, ukpr: ukpr.id, sarpras: sarpras.id }
}

function loanPayloadSync(calibrator: { id: number }) {
  return {
    calibrators: [
      {
        id: calibrator.id,
        condition: 'Good',
        bag: true,
        charger: false,
        probe: true,
        sensor: false,
      },
    ],
    notes: 'Dipakai tim insitu',
    loan_description: 'Kalibrasi insitu RSUD',
    planned_return_date: DateTime.now().plus({ days: 7 }).toISODate(),
    pk_officer: heads!.pk,
    ukpr_officer: heads!.ukpr,
    sarpras_officer: heads!.sarpras,
  }
}

test.group('Concurrent duplicates | accounts, master data and the lab calendar', (group) => {
  group.each.setup(markCreated)
  group.each.teardown(removeCreated)
  group.each.timeout(60_000)

  test('an officer saved with the same change', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    await sameOnceOrAtOnce(client, assert, 'PUT /officer/:id/update', {
      prepare: () => makeOfficer({ rank: 'Pengatur (II/c)' }),
      send: (api, target) =>
        as(
          api.put(`/officer/${target.id}/update`).json({
            name: target.name,
            nip: target.nip,
            rank: 'Penata Muda (III/a)',
            position: target.position,
            email: target.email,
          }),
          admin
        ),
    })
  })

  test("an officer's roles", async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    await sameOnceOrAtOnce(client, assert, 'PUT /officer/:id/role', {
      prepare: () => makeOfficer(),
      send: (api, target) =>
        as(api.put(`/officer/${target.id}/role`).json({ roles: ['officer_pk'] }), admin),
    })
  })

  test('a calibration recorded in a calibrator history', async ({ client, assert }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    await sameOnceOrAtOnce(client, assert, 'POST /calibrator/data/:id/calibrations', {
      prepare: () => makeCalibrator('PK'),
      send: (api, calibrator) =>
        as(
          api.post(`/calibrator/data/${calibrator.id}/calibrations`).json({
            performed_on: '2026-03-04',
            due_on: '2027-03-04',
            certificate_number: `LK-DUP/${calibrator.id}`,
            issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
            passed: '1',
            uncertainties: [{ parameter: 'Heart rate', unit: 'bpm', expanded_uncertainty: '0.5' }],
          }),
          head
        ),
    })
  })

  test('a holiday added, then removed', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    let day = 0
    const freeDay = () => DateTime.fromISO('2098-01-01').plus({ days: day++ }).toISODate()!
    await sameOnceOrAtOnce(client, assert, 'POST /holidays', {
      prepare: async () => freeDay(),
      send: (api, date) =>
        as(api.post('/holidays').json({ date, name: 'Cuti bersama uji' }), admin).header(
          'referer',
          '/holidays'
        ),
    })
    await sameOnceOrAtOnce(client, assert, 'DELETE /holidays/:date', {
      prepare: async () => {
        const date = freeDay()
        await db.table('holidays').insert({ date, name: 'Cuti bersama uji', source: 'lab' })
        return date
      },
      send: (api, date) =>
        as(api.delete(`/holidays/${date}`), admin).header('referer', '/holidays'),
    })
    await db.from('holidays').where('date', '>=', '2098-01-01').delete()
  })

  test('a password changed with the old one', async ({ client, assert }) => {
    const fresh = 'Kalibrasi-Makassar-Baru-2026'
    await sameOnceOrAtOnce(client, assert, 'PUT /password', {
      prepare: () => makeOfficer(),
      send: (api, user) =>
        as(
          api.put('/password').json({
            old_password: PASSWORD,
            new_password: fresh,
            password_confirmation: fresh,
          }),
          user
        ).header('referer', '/password'),
    })
  })

  test('a set-password link issued for an officer', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    await sameOnceOrAtOnce(client, assert, 'POST /officer/:id/password-link', {
      prepare: () => makeOfficer(),
      send: (api, target) => as(api.post(`/officer/${target.id}/password-link`), admin),
      state: async (target) => {
        const links = await db
          .from('password_links')
          .where('user_id', target.id)
          .whereNull('used_at')
        return links.length
      },
    })
  })

  test("a device type's test points and its record", async ({ client, assert }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const point = {
      parameter: 'Laju Jantung',
      unit: 'bpm',
      nominal: 60,
      tolerance: 2,
      tolerance_type: 'abs',
      repeats: 3,
      resolution: 1,
    }
    await sameOnceOrAtOnce(client, assert, 'PUT /alkes/data/:id/test-points', {
      prepare: () => makeMasterAlkes(),
      send: (api, alkes) =>
        as(api.put(`/alkes/data/${alkes.id}/test-points`).json({ points: [point] }), head),
    })
    await sameOnceOrAtOnce(client, assert, 'PUT /alkes/data/:id/update', {
      prepare: () => makeMasterAlkes(),
      send: (api, alkes) =>
        as(
          api.put(`/alkes/data/${alkes.id}/update`).json({
            name: alkes.name,
            laboratory: 'PK',
            category: null,
            price: 275000,
            minute_estimation: 60,
            alkes_code: alkes.alkesCode,
            recalibration_months: 12,
            is_tuntung_seharian: false,
            is_internal: true,
            is_insitu: true,
            pengujian_is_kan: false,
            kalibrasi_is_kan: false,
            has_laik_description: true,
          }),
          head
        ),
    })
  })

  test('a calibrator found out of tolerance', async ({ client, assert }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    await sameOnceOrAtOnce(client, assert, 'POST /calibrator/data/:id/out-of-tolerance', {
      prepare: () => makeCalibrator('PK'),
      send: (api, calibrator) =>
        as(
          api
            .post(`/calibrator/data/${calibrator.id}/out-of-tolerance`)
            .json({ found_on: '2026-11-02', reason: 'Arus bocor menyimpang' }),
          head
        ),
    })
  })

  test("a staff member's own profile", async ({ client, assert }) => {
    await sameOnceOrAtOnce(client, assert, 'PUT /profile', {
      prepare: () => makeOfficer({ rank: 'Pengatur (II/c)' }),
      send: (api, user) =>
        as(
          api.put('/profile').json({
            name: user.name,
            nip: user.nip,
            rank: 'Penata (III/c)',
            position: user.position,
          }),
          user
        ).header('referer', '/profile'),
    })
  })
})
