import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { Role } from '#enums/roles'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import {
  HANDOVER_PAYLOAD,
  MATRIX_ROLES,
  STATUSES,
  auditCount,
  errorFields,
  isRedirect,
  makeAlkes,
  makeOrder,
  snapshot,
  statusOf,
  userByEmail,
  userWithRole,
  worksheetPayload,
  type OrderFixture,
  receivePayload,
  orderRow,
  currentFileOf,
  feedbackPayload,
} from '#tests/functional/internal_orders/_support'
import { checkCell, describeResponse } from '#tests/functional/action_matrix'
import { CASES, devicesOf, type Context } from '#tests/functional/internal_orders/_action_cases'

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

  test("without a referer, a refusal goes to the order's page for that user", async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'SELESAI' })
    const staff = await client
      .post(`/internal/${order.id}/confirm/approve`)
      .json({ order_description: 'Permintaan diterima.' })
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(staff), describeResponse(staff))
    assert.equal(staff.header('location'), `/internal/${order.id}/detail`)
    assert.match(String(staff.flashMessages().error), /SELESAI/)
    // The facility's own view of its order is the summary.
    const facility = await client
      .delete(`/internal/${order.id}`)
      .loginAs(await userWithRole('fasyankes'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(facility), describeResponse(facility))
    assert.equal(facility.header('location'), `/internal/${order.id}/summary`)
    assert.match(String(facility.flashMessages().error), /SELESAI/)
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

  test('an officer assignment with no line is refused in Indonesian, naming the field', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const { order } = await makeOrder({ status: 'ALAT DITERIMA' })
    const response = await client
      .put(`/internal/${order.id}/officer`)
      .json({ selected_officers: [] })
      .loginAs(admin)
      .withCsrfToken()
      .header('Accept', 'application/json')
      .redirects(0)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'Pilih minimal 1 Petugas.')
    assert.equal(await statusOf(order.id), 'ALAT DITERIMA')
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
