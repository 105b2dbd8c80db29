import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type Alkes from '#models/alkes'
import type { Role } from '#enums/roles'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import {
  HANDOVER_PAYLOAD,
  MATRIX_ROLES,
  STATUSES,
  auditCount,
  errorFields,
  feedbackPayload,
  isRedirect,
  makeAlkes,
  makeOrder,
  orderJson,
  receivePayload,
  snapshot,
  statusOf,
  userByEmail,
  userWithRole,
  worksheetPayload,
  type OrderFixture,
  orderRow,
  currentFileOf,
  pdfBuffer,
  insertLabelRequest,
  labelStatusOf,
} from '#tests/functional/internal_orders/_support'
import { checkCell, describeResponse } from '#tests/functional/action_matrix'

/**
 * Every action of the status table, tried by every role in every status.
 * Who may do what is typed out here from issue 4, spec part 2 section 4 and
 * the domain decisions (not read from the app's table):
 *   allowed  -> a redirect, the order moved (or changed) as the action says,
 *               one audit row of that action;
 *   refused  -> 403, or the refusal (409 / redirect with an error message),
 *               and nothing about the order changed.
 */
interface Context {
  fixture: OrderFixture
  user: User
  alkes: Alkes
  officer: User
  otherOfficer: User
  admin: User
  /** The first label of the catalog, and the item a prepared label request holds. */
  labelId: number
  labelItemId?: number
  labelRequestId?: number
}

interface ActionCase {
  /** The audit action an allowed call writes. */
  audit: (status: InternalStatus) => string
  allowed: (status: InternalStatus, role: Role) => boolean
  fixture?: Partial<Parameters<typeof makeOrder>[0]>
  /** Assign officer_pk to the devices in every status, not only from PROSES PENGERJAAN on. */
  assignOfficer?: boolean
  /** What must exist before the call (a label request), written after the fixture. */
  prepare?: (ctx: Context) => Promise<void>
  send: (client: ApiClient, ctx: Context) => ApiRequest
  /** What an allowed call must have done; answers a mismatch or null. */
  effect: (ctx: Context, status: InternalStatus) => Promise<string | null>
}

const ALL_BUT_DONE = STATUSES.filter((s) => s !== 'SELESAI')
const inStatus =
  (statuses: InternalStatus[], roles: Role[]) => (status: InternalStatus, role: Role) =>
    statuses.includes(status) && roles.includes(role)

const expectStatus = async (ctx: Context, status: InternalStatus) => {
  const actual = await statusOf(ctx.fixture.order.id)
  return actual === status ? null : `status ${actual}, expected ${status}`
}

const devicesOf = (orderId: number) =>
  db.from('order_devices').where('order_id', orderId).orderBy('id')

/** A label request of the fixture's order in `status`, with 2 main labels of the catalog's first. */
const labelRequestIn = (status: 'Pending' | 'Diserahkan') => async (ctx: Context) => {
  const made = await insertLabelRequest(ctx.fixture.order.id, ctx.labelId, status)
  ctx.labelRequestId = made.requestId
  ctx.labelItemId = made.itemId
}

const labelStatusIs = (ctx: Context, status: string) => labelStatusOf(ctx.fixture.order.id, status)

const CASES: Record<string, ActionCase> = {
  'approve (POST /confirm/approve)': {
    audit: () => 'internal.approve',
    allowed: inStatus(['MENUNGGU'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client.post(`/internal/${fixture.order.id}/confirm/approve`).json({
        status: 'ORDER DITERIMA',
        order_description: 'Silakan antar alat ke laboratorium.',
      }),
    effect: (ctx) => expectStatus(ctx, 'ORDER DITERIMA'),
  },
  'reject (POST /confirm/reject)': {
    audit: () => 'internal.reject',
    allowed: inStatus(['MENUNGGU'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client
        .post(`/internal/${fixture.order.id}/confirm/reject`)
        .json({ status: 'DITOLAK', order_description: 'Surat permohonan belum ditandatangani.' }),
    effect: async (ctx) => {
      const row = await orderRow(ctx.fixture.order.id)
      if (row.status !== 'DITOLAK') return `status ${row.status}`
      return row.order_description === 'Surat permohonan belum ditandatangani.'
        ? null
        : `reason not kept: ${row.order_description}`
    },
  },
  'edit / resubmit (PUT /internal/:id)': {
    audit: (status) => (status === 'DITOLAK' ? 'internal.resubmit' : 'internal.edit'),
    allowed: (status, role) =>
      (status === 'MENUNGGU' && ['fasyankes', 'yantek', 'admin_pk'].includes(role)) ||
      (status === 'DITOLAK' && role === 'fasyankes'),
    send: (client, { fixture, alkes }) =>
      client
        .put(`/internal/${fixture.order.id}`)
        .json(
          orderJson([{ alkes_id: alkes.id, quantity: 3 }], { contact_person_name: 'Nama Baru Uji' })
        ),
    effect: async (ctx) => {
      const row = await orderRow(ctx.fixture.order.id)
      if (row.status !== 'MENUNGGU') return `status ${row.status}, expected MENUNGGU`
      if (row.contact_person_name !== 'Nama Baru Uji') return 'contact person not saved'
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.length === 3 ? null : `${devices.length} devices, expected 3`
    },
  },
  'delete order (DELETE /internal/:id)': {
    audit: () => 'internal.delete',
    allowed: (status, role) =>
      (status === 'MENUNGGU' && ['fasyankes', 'admin_pk'].includes(role)) ||
      (status === 'DITOLAK' && role === 'fasyankes'),
    send: (client, { fixture }) => client.delete(`/internal/${fixture.order.id}`),
    effect: async (ctx) => {
      const left = await orderRow(ctx.fixture.order.id)
      const devices = await devicesOf(ctx.fixture.order.id)
      return left || devices.length ? 'order or its devices still there' : null
    },
  },
  'append (POST /append)': {
    audit: () => 'internal.append',
    allowed: inStatus(ALL_BUT_DONE, ['yantek']),
    send: (client, { fixture, alkes }) =>
      client
        .post(`/internal/${fixture.order.id}/append`)
        .json({ alkes: [{ alkes_id: alkes.id, quantity: 2 }] }),
    effect: async (ctx, status) => {
      const devices = await devicesOf(ctx.fixture.order.id)
      if (devices.length !== 4) return `${devices.length} devices, expected 4`
      return expectStatus(ctx, status)
    },
  },
  'delete device (DELETE /internal/:id/:device)': {
    audit: () => 'internal.delete_device',
    allowed: inStatus(ALL_BUT_DONE, ['admin_pk', 'yantek']),
    send: (client, { fixture }) =>
      client.delete(`/internal/${fixture.order.id}/${fixture.devices[0].id}`),
    effect: async (ctx) => {
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.length === 1 && Number(devices[0].id) === ctx.fixture.devices[1].id
        ? null
        : `${devices.length} devices left`
    },
  },
  'receive (PUT /receive)': {
    audit: () => 'internal.receive',
    allowed: inStatus(['ORDER DITERIMA', 'ALAT DITERIMA'], ['yantek', 'admin_pk']),
    send: (client, { fixture, admin }) =>
      client
        .put(`/internal/${fixture.order.id}/receive`)
        .json(receivePayload(fixture.devices, admin.id)),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'ALAT DITERIMA')
      if (moved) return moved
      const devices = await devicesOf(ctx.fixture.order.id)
      if (!devices.every((d) => String(d.serial_number).startsWith('RCV-')))
        return 'serial numbers not saved'
      const receive = await db
        .from('internal_receives')
        .where('order_id', ctx.fixture.order.id)
        .first()
      return receive ? null : 'no receive record'
    },
  },
  'assign officers (PUT /officer)': {
    audit: () => 'internal.assign_officers',
    allowed: inStatus(['ALAT DITERIMA', 'PROSES PENGERJAAN'], ['admin_pk']),
    send: (client, { fixture, otherOfficer }) =>
      client.put(`/internal/${fixture.order.id}/officer`).json({
        selected_officers: fixture.devices.map((d) => ({
          internal_alkes_order_id: d.id,
          bpfk_user_id: otherOfficer.id,
        })),
      }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'PROSES PENGERJAAN')
      if (moved) return moved
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.every((d) => Number(d.officer_id) === ctx.otherOfficer.id)
        ? null
        : 'officers not saved'
    },
  },
  'cancel device test (POST /:device/cancel)': {
    audit: () => 'internal.cancel_device',
    allowed: inStatus(['ALAT DITERIMA', 'PROSES PENGERJAAN'], ['admin_pk', 'yantek']),
    send: (client, { fixture }) =>
      client
        .post(`/internal/${fixture.order.id}/${fixture.devices[0].id}/cancel`)
        .json({ reason: 'Alat rusak berat, tidak dapat diuji.' }),
    effect: async (ctx, status) => {
      const device = await db.from('order_devices').where('id', ctx.fixture.devices[0].id).first()
      if (device.status !== 'BATAL UJI') return `device ${device.status}`
      if (device.admin_description !== 'Alat rusak berat, tidak dapat diuji.')
        return 'reason not kept'
      return expectStatus(ctx, status)
    },
  },
  'worksheet (PUT /worksheet/pk/:device/update)': {
    audit: () => 'internal.worksheet',
    // The device is assigned to officer_pk; yantek may always fill it; admin_pk only when assigned.
    allowed: inStatus(['PROSES PENGERJAAN'], ['yantek', 'officer_pk']),
    assignOfficer: true,
    send: (client, { fixture, officer }) =>
      client
        .put(`/internal/${fixture.order.id}/worksheet/pk/${fixture.devices[0].id}/update`)
        .json(worksheetPayload(officer.id)),
    effect: async (ctx) => {
      const device = await db.from('order_devices').where('id', ctx.fixture.devices[0].id).first()
      if (!device.worksheet_saved_at) return 'worksheet not saved'
      return device.certificate_number ? null : 'certificate number not given'
    },
  },
  'hand over (PUT /handover)': {
    audit: () => 'internal.handover',
    allowed: inStatus(['PROSES PENGERJAAN'], ['yantek', 'admin_pk']),
    fixture: { deviceStatus: 'SELESAI' },
    send: (client, { fixture }) =>
      client.put(`/internal/${fixture.order.id}/handover`).json(HANDOVER_PAYLOAD),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'MENUNGGU FEEDBACK')
      if (moved) return moved
      const handover = await db
        .from('internal_handovers')
        .where('order_id', ctx.fixture.order.id)
        .first()
      return handover ? null : 'no handover record'
    },
  },
  'feedback (POST /feedback)': {
    audit: () => 'internal.feedback',
    allowed: inStatus(['MENUNGGU FEEDBACK'], ['fasyankes', 'yantek', 'admin_pk']),
    fixture: { deviceStatus: 'SELESAI' },
    send: (client, { fixture }) =>
      client.post(`/internal/${fixture.order.id}/feedback`).json(feedbackPayload(4)),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'SELESAI')
      if (moved) return moved
      const feedback = await db.from('feedbacks').where('order_id', ctx.fixture.order.id).first()
      if (!feedback) return 'no feedback record'
      const ratings = JSON.parse(feedback.ratings)
      return Object.keys(ratings).length === 14 && ratings['15_e_K'] === 4
        ? null
        : `ratings ${feedback.ratings}`
    },
  },
  // Labels (issue 12): the order's officer requests and reports back; admin_pk or yantek hand over.
  'label request (PUT /label)': {
    audit: () => 'internal.label_request',
    allowed: inStatus(['PROSES PENGERJAAN'], ['officer_pk']),
    assignOfficer: true,
    send: (client, { fixture, labelId }) =>
      client
        .put(`/internal/${fixture.order.id}/label`)
        .json({ main: [{ label_id: labelId, quantity: 3 }], notes: 'Untuk semua alat' }),
    effect: (ctx) => labelStatusIs(ctx, 'Pending'),
  },
  'label hand-over (PUT /label/handover)': {
    audit: () => 'internal.label_handover',
    allowed: inStatus(['PROSES PENGERJAAN'], ['admin_pk', 'yantek']),
    prepare: labelRequestIn('Pending'),
    send: (client, { fixture }) => client.put(`/internal/${fixture.order.id}/label/handover`),
    effect: async (ctx) => {
      const moved = await labelStatusIs(ctx, 'Diserahkan')
      if (moved) return moved
      const labels = await db
        .from('device_labels')
        .where('label_request_id', ctx.labelRequestId!)
        .count('* as n')
        .first()
      return Number(labels.n) === 2 ? null : `${labels.n} device labels, expected 2`
    },
  },
  'label return (POST /:labelRequestId/label/finishing)': {
    audit: () => 'internal.label_finishing',
    allowed: inStatus(['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI'], ['officer_pk']),
    assignOfficer: true,
    prepare: labelRequestIn('Diserahkan'),
    send: (client, ctx) =>
      client
        .post(`/internal/${ctx.labelRequestId}/label/finishing`)
        .file('file', pdfBuffer(), { filename: 'bukti-kembali.pdf' })
        .fields({ 'labels[0][id]': String(ctx.labelItemId), 'labels[0][returned_quantity]': '1' }),
    effect: (ctx) => labelStatusIs(ctx, 'Selesai'),
  },
}

test.group('Internal order | every action per role and per status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(120_000)

  for (const [name, action] of Object.entries(CASES)) {
    test(name, async ({ client, assert }) => {
      const alkes = await makeAlkes({ price: 120_000, minuteEstimation: 45 })
      const admin = await userWithRole('admin_pk')
      const officer = await userWithRole('officer_pk')
      const otherOfficer = await userByEmail('budi.santoso@kalibra.test')
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
      const labelId = Number(firstLabel.id)
      const mismatches: string[] = []
      for (const status of STATUSES) {
        for (const role of MATRIX_ROLES) {
          const user = await userWithRole(role)
          const fixture = await makeOrder({
            status,
            alkes,
            ...action.fixture,
            ...(action.assignOfficer ? { officerId: officer.id } : {}),
          })
          const ctx: Context = { fixture, user, alkes, officer, otherOfficer, admin, labelId }
          await action.prepare?.(ctx)
          const cell = await checkCell({
            where: `${role} in ${status}`,
            orderId: fixture.order.id,
            user,
            allowed: action.allowed(status, role),
            mayNotSee: role === 'supervisor_of_pk_laboratory',
            send: () => action.send(client, ctx),
            effect: () => action.effect(ctx, status),
            audit: action.audit(status),
            snapshot,
          })
          mismatches.push(...cell)
        }
      }
      assert.deepEqual(mismatches, [])
    })
  }

  test('a refusal says why, in Indonesian, naming the order and its status', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'SELESAI' })
    const response = await client
      .post(`/internal/${order.id}/confirm/approve`)
      .json({ order_description: 'Permintaan diterima.' })
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .withInertia()
      .header('referer', `/internal/${order.id}/detail`)
      .redirects(0)
    assert.isTrue(isRedirect(response), describeResponse(response))
    assert.equal(response.header('location'), `/internal/${order.id}/detail`)
    assert.equal(
      response.flashMessages().error,
      `Anda tidak dapat menerima permintaan ${order.number} pada status SELESAI.`
    )
    // Asked for JSON, the same refusal is a 409 with the message.
    const json = await client
      .post(`/internal/${order.id}/confirm/approve`)
      .json({ order_description: 'Permintaan diterima.' })
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .header('accept', 'application/json')
      .redirects(0)
    assert.equal(json.status(), 409)
    assert.match(json.body().message, /SELESAI/)
    assert.equal(await statusOf(order.id), 'SELESAI')
  })

  test("admin_pk fills a worksheet only for a device assigned to them; officer_pk not for a colleague's", async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const officer = await userWithRole('officer_pk')
    const colleague = await userByEmail('budi.santoso@kalibra.test')
    const mine = await makeOrder({ status: 'PROSES PENGERJAAN', officerId: admin.id, devices: 1 })
    const theirs = await makeOrder({
      status: 'PROSES PENGERJAAN',
      officerId: colleague.id,
      devices: 1,
    })
    const send = (fixture: OrderFixture, user: User) =>
      client
        .put(`/internal/${fixture.order.id}/worksheet/pk/${fixture.devices[0].id}/update`)
        .json(worksheetPayload(user.id))
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const ok = await send(mine, admin)
    assert.isUndefined(ok.flashMessages().error, describeResponse(ok))
    assert.equal(await auditCount(mine.order.id, 'internal.worksheet'), 1)
    // The edit page is refused too, not only the save.
    const form = await client
      .get(`/internal/${theirs.order.id}/worksheet/pk/${theirs.devices[0].id}/edit`)
      .loginAs(officer)
      .withInertia()
    assert.equal(form.status(), 403)
    const refused = await send(theirs, officer)
    assert.match(String(refused.flashMessages().error), /lembar kerja/i)
    assert.equal(await auditCount(theirs.order.id, 'internal.worksheet'), 0)
  })

  test('hand-over is refused while a device is BELUM SELESAI, naming it', async ({
    client,
    assert,
  }) => {
    const alkes = await makeAlkes({ name: 'Tensimeter Digital Uji Serah' })
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', alkes, devices: 2 })
    await db.from('order_devices').where('id', devices[0].id).update({ status: 'SELESAI' })
    const response = await client
      .put(`/internal/${order.id}/handover`)
      .json(HANDOVER_PAYLOAD)
      .loginAs(await userWithRole('yantek'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.match(
      String(response.flashMessages().error),
      /1 alat belum selesai.*Tensimeter Digital Uji Serah/
    )
    assert.equal(await statusOf(order.id), 'PROSES PENGERJAAN')
    assert.equal(await auditCount(order.id), 0)
    // A cancelled device (BATAL UJI) does not hold the hand-over back.
    await db.from('order_devices').where('id', devices[1].id).update({ status: 'BATAL UJI' })
    const again = await client
      .put(`/internal/${order.id}/handover`)
      .json(HANDOVER_PAYLOAD)
      .loginAs(await userWithRole('yantek'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isUndefined(again.flashMessages().error, describeResponse(again))
    assert.equal(await statusOf(order.id), 'MENUNGGU FEEDBACK')
  })

  test('the last device of an order cannot be deleted; a finished or cancelled device cannot be cancelled again', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const single = await makeOrder({ status: 'MENUNGGU', devices: 1 })
    const last = await client
      .delete(`/internal/${single.order.id}/${single.devices[0].id}`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.match(String(last.flashMessages().error), /terakhir/)
    assert.lengthOf(await devicesOf(single.order.id), 1)

    const done = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      deviceStatus: 'SELESAI',
    })
    const again = await client
      .post(`/internal/${done.order.id}/${done.devices[0].id}/cancel`)
      .json({ reason: 'Dibatalkan atas permintaan fasyankes.' })
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.match(String(again.flashMessages().error), /tidak dapat dibatalkan/)
    const device = await db.from('order_devices').where('id', done.devices[0].id).first()
    assert.equal(device.status, 'SELESAI')
  })

  test('a rejection needs its reason; approve offers the default description', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const empty = await client
      .post(`/internal/${order.id}/confirm/reject`)
      .json({ order_description: '' })
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(errorFields(empty), 'order_description')
    assert.equal(await statusOf(order.id), 'MENUNGGU')
    const form = await client
      .get(`/internal/${order.id}/confirm/approve`)
      .loginAs(admin)
      .withInertia()
    form.assertStatus(200)
    assert.match(form.inertiaProps.defaultDescription, /laboratorium/i)
    const rejectForm = await client
      .get(`/internal/${order.id}/confirm/reject`)
      .loginAs(admin)
      .withInertia()
    assert.equal(rejectForm.inertiaProps.defaultDescription, '')
  })

  test('the action forms of a status answer 403 to a role that may not act', async ({
    client,
    assert,
  }) => {
    const mismatches: string[] = []
    const forms: [InternalStatus, (id: number, device: number) => string, Role[]][] = [
      [
        'MENUNGGU',
        (id) => `/internal/${id}/confirm/approve`,
        ['fasyankes', 'officer_pk', 'treasurer'],
      ],
      [
        'ORDER DITERIMA',
        (id) => `/internal/${id}/receive`,
        ['fasyankes', 'officer_pk', 'head_of_pk_laboratory'],
      ],
      ['ALAT DITERIMA', (id) => `/internal/${id}/officer`, ['fasyankes', 'yantek', 'officer_pk']],
      [
        'PROSES PENGERJAAN',
        (id) => `/internal/${id}/handover`,
        ['fasyankes', 'officer_pk', 'treasurer'],
      ],
      ['MENUNGGU FEEDBACK', (id) => `/internal/${id}/feedback`, ['officer_pk', 'treasurer']],
      ['SELESAI', (id) => `/internal/${id}/edit`, ['fasyankes', 'admin_pk', 'yantek']],
      ['SELESAI', (id) => `/internal/${id}/append`, ['yantek']],
      ['SELESAI', (id, device) => `/internal/${id}/${device}/cancel`, ['admin_pk', 'yantek']],
    ]
    for (const [status, path, roles] of forms) {
      const { order, devices } = await makeOrder({ status })
      for (const role of roles) {
        const response = await client
          .get(path(order.id, devices[0].id))
          .loginAs(await userWithRole(role))
          .withInertia()
        if (response.status() !== 403)
          mismatches.push(
            `${role} ${status} ${path(order.id, devices[0].id)}: ${response.status()}`
          )
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('device ids of another order are refused by receive, officer assignment, cancel and delete', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const officer = await userWithRole('officer_pk')
    const target = await makeOrder({ status: 'ALAT DITERIMA', devices: 1 })
    const stranger = await makeOrder({ status: 'ALAT DITERIMA', devices: 2 })
    const before = [await snapshot(target.order.id), await snapshot(stranger.order.id)]
    const foreign = stranger.devices[0]
    const attempts = [
      client
        .put(`/internal/${target.order.id}/receive`)
        .json(receivePayload([target.devices[0], foreign], admin.id)),
      client.put(`/internal/${target.order.id}/officer`).json({
        selected_officers: [
          { internal_alkes_order_id: target.devices[0].id, bpfk_user_id: officer.id },
          { internal_alkes_order_id: foreign.id, bpfk_user_id: officer.id },
        ],
      }),
      client
        .post(`/internal/${target.order.id}/${foreign.id}/cancel`)
        .json({ reason: 'Alat milik permintaan lain.' }),
      client.delete(`/internal/${target.order.id}/${foreign.id}`),
    ]
    for (const request of attempts) {
      const response = await request.loginAs(admin).withCsrfToken().withInertia().redirects(0)
      const refused =
        [403, 404, 409].includes(response.status()) ||
        (isRedirect(response) && typeof response.flashMessages().error === 'string')
      assert.isTrue(refused, describeResponse(response))
    }
    assert.deepEqual([await snapshot(target.order.id), await snapshot(stranger.order.id)], before)
  })

  test('files, folder link and certificate date: staff of the lab only', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const mismatches: string[] = []
    for (const role of ['fasyankes', 'treasurer'] as Role[]) {
      const user = await userWithRole(role)
      const before = await snapshot(order.id)
      const writes = [
        client.post(`/internal/${order.id}/attachment/certificate`).fields({
          type: 'certificate',
          internal_alkes_order_id: String(devices[0].id),
          link: 'https://drive.example.com/x.pdf',
        }),
        client
          .post(`/internal/${order.id}/attachment/folder`)
          .json({ link: 'https://drive.example.com/folder' }),
        client.put(`/internal/${order.id}/certificate-date`).json({ date: '2027-03-10' }),
      ]
      for (const request of writes) {
        const response = await request.loginAs(user).withCsrfToken().withInertia().redirects(0)
        const refused =
          [403, 409].includes(response.status()) ||
          (isRedirect(response) && typeof response.flashMessages().error === 'string')
        if (!refused) mismatches.push(`${role}: ${describeResponse(response)}`)
      }
      const row = await orderRow(order.id)
      if (row.folder_link || row.certificate_date) mismatches.push(`${role}: order fields written`)
      if (JSON.stringify(await snapshot(order.id)) !== JSON.stringify(before))
        mismatches.push(`${role}: something changed`)
    }
    assert.deepEqual(mismatches, [])

    // yantek may, and the folder link must be https.
    const yantek = await userWithRole('yantek')
    const http = await client
      .post(`/internal/${order.id}/attachment/folder`)
      .json({ link: 'http://drive.example.com/folder' })
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(errorFields(http), 'link')
    for (const request of [
      client
        .post(`/internal/${order.id}/attachment/folder`)
        .json({ link: 'https://drive.example.com/folder' }),
      client.put(`/internal/${order.id}/certificate-date`).json({ date: '2027-03-10' }),
    ]) {
      const response = await request.loginAs(yantek).withCsrfToken().withInertia().redirects(0)
      assert.isUndefined(response.flashMessages().error, describeResponse(response))
    }
    const row = await orderRow(order.id)
    assert.equal(row.folder_link, 'https://drive.example.com/folder')
    assert.equal(await auditCount(order.id, 'internal.folder'), 1)
    assert.equal(await auditCount(order.id, 'internal.certificate_date'), 1)
  })

  test('the worksheet PDF is uploaded by the assigned officer_pk only (spec: upload is officer_pk); other roles get 403', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const admin = await userWithRole('admin_pk')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    const upload = (user: User, buffer: Buffer, filename: string) =>
      client
        .post(`/internal/${order.id}/worksheet/pk/${devices[0].id}/upload`)
        .file('file', buffer, { filename })
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
    const notPdf = await upload(officer, Buffer.from('bukan pdf'), 'lembar.txt')
    assert.include(errorFields(notPdf), 'file')
    // admin_pk and yantek are not officer_pk: a role refusal (403), even when the device is theirs.
    await db.from('order_devices').where('id', devices[0].id).update({ officer_id: admin.id })
    const byAdmin = await upload(admin, pdf, 'lembar.pdf')
    assert.equal(byAdmin.status(), 403)
    const byYantek = await upload(await userWithRole('yantek'), pdf, 'lembar.pdf')
    assert.equal(byYantek.status(), 403)
    assert.equal(await auditCount(order.id, 'internal.worksheet_upload'), 0)
    // An officer_pk who is not assigned gets the reason instead.
    const colleague = await userByEmail('budi.santoso@kalibra.test')
    const notAssigned = await upload(colleague, pdf, 'lembar.pdf')
    assert.match(String(notAssigned.flashMessages().error), /petugas PK yang ditugaskan/)
    await db.from('order_devices').where('id', devices[0].id).update({ officer_id: officer.id })
    const ok = await upload(officer, pdf, 'lembar.pdf')
    assert.isUndefined(ok.flashMessages().error, describeResponse(ok))
    assert.match(String(await currentFileOf(devices[0].id, 'worksheet')), /\.pdf$/)
    assert.equal(await auditCount(order.id, 'internal.worksheet_upload'), 1)
  })

  test('an order never reaches SELESAI with a device still BELUM SELESAI (append after hand-over)', async ({
    client,
    assert,
  }) => {
    // Hand-over needs every device SELESAI or BATAL UJI (domain decisions). yantek may still
    // append in MENUNGGU FEEDBACK (spec: adding is hidden only once SELESAI), so the new,
    // untested device must either send the order back to work or hold the feedback back.
    const yantek = await userWithRole('yantek')
    const facility = await userWithRole('fasyankes')
    const { order, alkes } = await makeOrder({
      status: 'MENUNGGU FEEDBACK',
      devices: 1,
      deviceStatus: 'SELESAI',
    }).then(async (f) => ({ ...f, alkes: await makeAlkes() }))
    const appended = await client
      .post(`/internal/${order.id}/append`)
      .json({ alkes: [{ alkes_id: alkes.id, quantity: 1 }] })
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(appended), describeResponse(appended))
    await client
      .post(`/internal/${order.id}/feedback`)
      .json(feedbackPayload(5))
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const status = await statusOf(order.id)
    const open = await db
      .from('order_devices')
      .where('order_id', order.id)
      .where('status', 'BELUM SELESAI')
    assert.isFalse(
      status === 'SELESAI' && open.length > 0,
      `order is ${status} with ${open.length} device(s) BELUM SELESAI`
    )
  })
})
