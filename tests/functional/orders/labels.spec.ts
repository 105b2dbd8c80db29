import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import InsituTeamMember from '#models/insitu_team_member'
import { certificateFor } from '#tests/factories/certificates'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  auditCount,
  binary,
  fieldErrors,
  isRedirect,
  makeOrder,
  pdfBuffer,
  pdfText,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { inProgressRequest } from '#tests/functional/insitu_orders/_support'

const OFFICER = 'officer_pk@kalibra.test'
const LEADER = 'budi.santoso@kalibra.test'
const MEMBER = 'indah.lestari@kalibra.test'

function send(request: any) {
  return request.withCsrfToken().withInertia().redirects(0)
}

async function catalog() {
  const rows = await db.from('labels').orderBy('sort_order').select('id', 'name')
  return rows.map((row) => ({ id: Number(row.id), name: row.name as string }))
}

/** An incoming-equipment order in work with 3 devices (one cancelled), assigned to OFFICER. */
async function orderInWork() {
  const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 3 })
  await db.from('order_devices').where('id', devices[2].id).update({ status: 'BATAL UJI' })
  return { order, devices }
}

async function requestRow(orderId: number) {
  return db.from('label_requests').where('order_id', orderId).first()
}

async function statusOfRequest(orderId: number) {
  const row = await requestRow(orderId)
  return row?.status
}

async function itemsOf(orderId: number) {
  const request = await requestRow(orderId)
  if (!request) return []
  const rows = await db
    .from('label_request_items')
    .where('label_request_id', request.id)
    .orderBy('type', 'desc')
    .orderBy('label_id')
  return rows.map((row) => [row.type, Number(row.label_id), Number(row.quantity)])
}

/** The officer's request: 2 main of the first label, 1 additional of the second. */
async function requested(client: any, path: string, officerEmail = OFFICER) {
  const labels = await catalog()
  return send(client.put(`${path}/label`))
    .loginAs(await userByEmail(officerEmail))
    .json({
      main: [{ label_id: labels[0].id, quantity: 2 }],
      additional: [{ label_id: labels[1].id, quantity: 1 }],
      notes: 'Untuk tensimeter',
      additional_notes: 'Cadangan',
    })
}

async function handedOver(client: any, path: string) {
  return send(client.put(`${path}/label/handover`)).loginAs(await userWithRole('admin_pk'))
}

test.group('Labels | who opens the label page, when', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the assigned officer and the staff who hand labels over; nobody else, and not before the work', async ({
    client,
    assert,
  }) => {
    const { order } = await orderInWork()
    const officer = await userByEmail(OFFICER)
    const page = await client.get(`/label/internal/${order.id}`).loginAs(officer).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('orders/label')
    const props = page.inertiaProps as any
    assert.equal(props.request.status, 'Pending')
    const labels = await catalog()
    const names = labels.map((label) => label.name)
    assert.deepEqual(
      props.request.main.map((line: any) => line.label_name),
      names
    )
    assert.isString(props.requestHref)
    assert.isNull(props.handoverHref)
    assert.isNull(props.finishingHref)

    const admin = await client
      .get(`/label/internal/${order.id}`)
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    admin.assertStatus(200)
    assert.isNull((admin.inertiaProps as any).requestHref)
    assert.isNull((admin.inertiaProps as any).handoverHref, 'nothing to hand over before a request')

    // The order's detail page offers the label page to its officer.
    const detail = await client.get(`/internal/${order.id}/detail`).loginAs(officer).withInertia()
    const actions = JSON.stringify((detail.inertiaProps as any).actions ?? detail.inertiaProps)
    assert.include(actions, `/label/internal/${order.id}`)

    const otherOfficer = await db
      .from('users')
      .join('user_roles', 'user_roles.user_id', 'users.id')
      .where('user_roles.role', 'officer_pk')
      .whereNot('users.id', officer.id)
      .select('users.email')
      .first()
    const outsider = await client
      .get(`/label/internal/${order.id}`)
      .loginAs(await userByEmail(otherOfficer.email))
      .withInertia()
    outsider.assertStatus(403)
    for (const role of ['treasurer', 'head_of_pk_laboratory'] as const) {
      const response = await client
        .get(`/label/internal/${order.id}`)
        .loginAs(await userWithRole(role))
        .withInertia()
      assert.equal(response.status(), 403, role)
    }
    const facility = await client
      .get(`/label/internal/${order.id}`)
      .loginAs(await userByEmail(FACILITY_EMAIL))
      .withInertia()
    facility.assertStatus(403)
    const foreign = await client
      .get(`/label/internal/${order.id}`)
      .loginAs(await userByEmail(OTHER_FACILITY_EMAIL))
      .withInertia()
    foreign.assertStatus(404)

    const { order: early } = await makeOrder({ status: 'ALAT DITERIMA', officerId: officer.id })
    const tooEarly = await client.get(`/label/internal/${early.id}`).loginAs(officer).withInertia()
    tooEarly.assertStatus(403)
    const unknownType = await client.get(`/label/loans/${order.id}`).loginAs(officer)
    unknownType.assertStatus(404)
  })
})

test.group('Labels | request, hand-over, return (incoming equipment)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('before a request, the main counts come from the results; once requested, what was asked (issue 35)', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await orderInWork()
    const officer = await userByEmail(OFFICER)
    const counts = async () => {
      const page = await client.get(`/label/internal/${order.id}`).loginAs(officer).withInertia()
      const request = (page.inertiaProps as any).request
      return {
        prefilled: request.prefilled,
        main: Object.fromEntries(request.main.map((line: any) => [line.label_name, line.quantity])),
      }
    }
    assert.deepEqual(await counts(), {
      prefilled: false,
      main: { 'Label Laik Pakai': 0, 'Label Tidak Laik Pakai': 0, 'Segel Kalibrasi': 0 },
    })
    // One LAIK and one TIDAK LAIK result; the cancelled line counts for nothing.
    const now = new Date()
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ is_laik: true, worksheet_saved_at: now })
    await db
      .from('order_devices')
      .where('id', devices[1].id)
      .update({ is_laik: false, worksheet_saved_at: now })
    await db
      .from('order_devices')
      .where('id', devices[2].id)
      .update({ is_laik: true, worksheet_saved_at: now })
    assert.deepEqual(await counts(), {
      prefilled: true,
      main: { 'Label Laik Pakai': 1, 'Label Tidak Laik Pakai': 1, 'Segel Kalibrasi': 2 },
    })
    const saved = await requested(client, `/internal/${order.id}`)
    saved.assertStatus(303)
    const labels = await catalog()
    assert.deepEqual(await counts(), {
      prefilled: false,
      main: { [labels[0].name]: 2, [labels[1].name]: 0, [labels[2].name]: 0 },
    })
  })

  test('quantities never below 0, at least one label, only labels of the catalog; nothing saved on bad input', async ({
    client,
    assert,
  }) => {
    const { order } = await orderInWork()
    const officer = await userByEmail(OFFICER)
    const labels = await catalog()
    const put = (body: Record<string, unknown>) =>
      send(client.put(`/internal/${order.id}/label`))
        .loginAs(officer)
        .json(body)

    const negative = await put({ main: [{ label_id: labels[0].id, quantity: -1 }] })
    assert.isNotEmpty(fieldErrors(negative, 'main.0.quantity'))
    const text = await put({ main: [{ label_id: labels[0].id, quantity: 'dua' }] })
    assert.isNotEmpty(fieldErrors(text, 'main.0.quantity'))
    const nothing = await put({ main: [{ label_id: labels[0].id, quantity: 0 }] })
    assert.deepEqual(fieldErrors(nothing, 'main'), ['Isi jumlah minimal satu label.'])
    const unknown = await put({ main: [{ label_id: 999999, quantity: 1 }] })
    assert.match(fieldErrors(unknown, 'main').join(' '), /tidak dikenal/)
    assert.notExists(await requestRow(order.id))
    assert.equal(await auditCount(order.id, 'internal.label_request'), 0)

    const saved = await requested(client, `/internal/${order.id}`)
    assert.isTrue(isRedirect(saved))
    assert.equal(saved.headers().location, `/label/internal/${order.id}`)
    assert.deepEqual(await itemsOf(order.id), [
      ['Main', labels[0].id, 2],
      ['Additional', labels[1].id, 1],
    ])
    const row = await requestRow(order.id)
    assert.equal(row.status, 'Pending')
    assert.equal(row.notes, 'Untuk tensimeter')
    assert.equal(row.additional_notes, 'Cadangan')
    assert.equal(await auditCount(order.id, 'internal.label_request'), 1)

    // Corrected while Pending: the new quantities replace the old.
    await put({ main: [{ label_id: labels[2].id, quantity: 3 }] })
    assert.deepEqual(await itemsOf(order.id), [['Main', labels[2].id, 3]])

    // Only the officer requests: staff and other roles do not.
    const admin = await send(client.put(`/internal/${order.id}/label`))
      .loginAs(await userWithRole('admin_pk'))
      .json({ main: [{ label_id: labels[0].id, quantity: 9 }] })
    admin.assertStatus(403)
    assert.deepEqual(await itemsOf(order.id), [['Main', labels[2].id, 3]])
  })

  test('staff hand the labels over: one verifiable code per device not cancelled; the request then stays as it was', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await orderInWork()
    const early = await handedOver(client, `/internal/${order.id}`)
    assert.match(String(early.flashMessages().error), /belum mengajukan permintaan label/)
    assert.equal(
      await db
        .from('device_labels')
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )

    await requested(client, `/internal/${order.id}`)
    const noSheetYet = await binary(
      client.get(`/internal/${order.id}/label/sheet`).loginAs(await userByEmail(OFFICER))
    )
    noSheetYet.assertStatus(403)
    const officerTries = await send(client.put(`/internal/${order.id}/label/handover`)).loginAs(
      await userByEmail(OFFICER)
    )
    officerTries.assertStatus(403)

    const done = await handedOver(client, `/internal/${order.id}`)
    assert.isTrue(isRedirect(done))
    assert.equal(await statusOfRequest(order.id), 'Diserahkan')
    const codes = await db
      .from('device_labels')
      .whereIn(
        'order_device_id',
        devices.map((device) => device.id)
      )
      .orderBy('order_device_id')
    assert.deepEqual(
      codes.map((row) => Number(row.order_device_id)),
      [devices[0].id, devices[1].id],
      'the cancelled device gets no label'
    )
    for (const row of codes) assert.match(row.code, /^[0-9A-HJKMNP-TV-Z]{10}$/)
    assert.notEqual(codes[0].code, codes[1].code)
    assert.equal(await auditCount(order.id, 'internal.label_handover'), 1)

    const again = await handedOver(client, `/internal/${order.id}`)
    assert.match(String(again.flashMessages().error), /sudah diserahkan/)
    const change = await requested(client, `/internal/${order.id}`)
    assert.match(String(change.flashMessages().error), /sudah diserahkan/)
    assert.lengthOf(await itemsOf(order.id), 2)

    // The label sheet: a real PDF naming every code.
    const sheet = await binary(
      client.get(`/internal/${order.id}/label/sheet`).loginAs(await userByEmail(OFFICER))
    )
    sheet.assertStatus(200)
    assert.equal(sheet.header('content-type'), 'application/pdf')
    const text = pdfText(sheet.body())
    for (const row of codes) assert.include(text, `${row.code.slice(0, 5)}-${row.code.slice(5)}`)
    assert.include(text, order.number)
    assert.notInclude(text, 'Hasil:', 'no result before a certificate is approved')

    // Measured TIDAK LAIK and approved: the printed label states it (issue 37, point 6).
    await db.from('order_devices').where('id', devices[0].id).update({ is_laik: false })
    await certificateFor(devices[0].id)
    const printed = await binary(
      client.get(`/internal/${order.id}/label/sheet`).loginAs(await userByEmail(OFFICER))
    )
    const withResult = pdfText(printed.body())
    assert.include(withResult, 'Hasil: TIDAK LAIK')
    assert.equal(withResult.split('Hasil:').length - 1, 1, 'only the approved line')
  })

  test('the officer reports the returned labels with a proof: never more than handed over, a proof of the right type', async ({
    client,
    assert,
  }) => {
    const { order } = await orderInWork()
    const officer = await userByEmail(OFFICER)
    await requested(client, `/internal/${order.id}`)
    const request = await requestRow(order.id)
    const items = await db
      .from('label_request_items')
      .where('label_request_id', request.id)
      .orderBy('type', 'desc')
    const finish = (returned: number[], file = pdfBuffer(), name = 'bukti.pdf') =>
      send(client.post(`/internal/${request.id}/label/finishing`))
        .loginAs(officer)
        .file('file', file, { filename: name })
        .fields(
          Object.fromEntries(
            items.flatMap((item, index) => [
              [`labels[${index}][id]`, String(item.id)],
              [`labels[${index}][returned_quantity]`, String(returned[index])],
            ])
          )
        )

    const notYet = await finish([0, 0])
    assert.match(String(notYet.flashMessages().error), /belum diserahkan/)
    await handedOver(client, `/internal/${order.id}`)

    const tooMany = await finish([3, 0])
    assert.match(
      fieldErrors(tooMany, 'labels.0.returned_quantity').join(' '),
      /tidak boleh lebih dari jumlah yang diserahkan \(2\)/
    )
    const negative = await finish([-1, 0])
    assert.isNotEmpty(fieldErrors(negative, 'labels.0.returned_quantity'))
    const wrongType = await finish([1, 0], Buffer.from('MZ not a document'), 'bukti.exe')
    assert.isNotEmpty(fieldErrors(wrongType, 'file'))
    assert.equal(await statusOfRequest(order.id), 'Diserahkan')

    const admin = await send(client.post(`/internal/${request.id}/label/finishing`))
      .loginAs(await userWithRole('admin_pk'))
      .file('file', pdfBuffer(), { filename: 'bukti.pdf' })
      .fields({ 'labels[0][id]': String(items[0].id), 'labels[0][returned_quantity]': '0' })
    admin.assertStatus(403)

    const done = await finish([1, 0])
    assert.isTrue(isRedirect(done))
    const row = await requestRow(order.id)
    assert.equal(row.status, 'Selesai')
    const returned = await db
      .from('label_request_items')
      .where('label_request_id', request.id)
      .orderBy('type', 'desc')
    assert.deepEqual(
      returned.map((item) => Number(item.returned_quantity)),
      [1, 0]
    )
    const proof = await db
      .from('order_files')
      .where('order_id', order.id)
      .where('kind', 'label_proof')
    assert.lengthOf(proof, 1)
    assert.equal(await auditCount(order.id, 'internal.label_finishing'), 1)
    const twice = await finish([0, 0])
    assert.match(String(twice.flashMessages().error), /sudah dilaporkan/)

    // A label request id that does not exist, or of the other order type, is not found.
    const missing = await send(client.post(`/internal/999999/label/finishing`))
      .loginAs(officer)
      .file('file', pdfBuffer(), { filename: 'bukti.pdf' })
      .fields({ 'labels[0][id]': String(items[0].id), 'labels[0][returned_quantity]': '0' })
    missing.assertStatus(404)
    const otherType = await send(client.post(`/insitu/${request.id}/label/finishing`))
      .loginAs(officer)
      .file('file', pdfBuffer(), { filename: 'bukti.pdf' })
      .fields({ 'labels[0][id]': String(items[0].id), 'labels[0][returned_quantity]': '0' })
    otherType.assertStatus(404)

    const page = await client.get(`/label/internal/${order.id}`).loginAs(officer).withInertia()
    const props = page.inertiaProps as any
    assert.equal(props.request.status, 'Selesai')
    assert.isNotNull(props.proof)
    assert.isNull(props.finishingHref)
    // The label sheet stays printable after the return is reported.
    const sheet = await binary(client.get(`/internal/${order.id}/label/sheet`).loginAs(officer))
    sheet.assertStatus(200)
  })
})

test.group('Labels | on-site orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the PK team leader requests them (a member does not); /insitu/{id}/label is the same page', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    const leader = await userByEmail(LEADER)
    const member = await userByEmail(MEMBER)
    await InsituTeamMember.createMany([
      { orderId: order.id, lab: 'pk', userId: leader.id, isLeader: true },
      { orderId: order.id, lab: 'pk', userId: member.id, isLeader: false },
    ])
    const page = await client.get(`/insitu/${order.id}/label`).loginAs(leader).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('orders/label')
    assert.isString((page.inertiaProps as any).requestHref)
    const shared = await client.get(`/label/insitu/${order.id}`).loginAs(leader).withInertia()
    shared.assertStatus(200)

    const memberPage = await client.get(`/label/insitu/${order.id}`).loginAs(member).withInertia()
    memberPage.assertStatus(403)
    const memberTries = await requested(client, `/insitu/${order.id}`, MEMBER)
    assert.match(String(memberTries.flashMessages().error), /ketua tim PK/)
    assert.notExists(await requestRow(order.id))

    const saved = await requested(client, `/insitu/${order.id}`, LEADER)
    assert.isTrue(isRedirect(saved))
    assert.equal(await statusOfRequest(order.id), 'Pending')
    const yantek = await send(client.put(`/insitu/${order.id}/label/handover`)).loginAs(
      await userWithRole('yantek')
    )
    assert.isTrue(isRedirect(yantek))
    assert.equal(await statusOfRequest(order.id), 'Diserahkan')
    const codes = await db
      .from('device_labels as l')
      .join('order_devices as d', 'd.id', 'l.order_device_id')
      .where('d.order_id', order.id)
      .count('* as n')
      .first()
    assert.equal(Number(codes.n), 2)
    const audits = await db
      .from('audit_logs')
      .where('subject_type', 'insitu_order')
      .where('subject_id', String(order.id))
      .whereIn('action', ['insitu.label_request', 'insitu.label_handover'])
      .count('* as n')
      .first()
    assert.equal(Number(audits.n), 2)
  })
})

test.group('Labels | public verification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a valid code shows the device, facility, dates and verdict only; unknown and malformed codes answer 404', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await orderInWork()
    await requested(client, `/internal/${order.id}`)
    await handedOver(client, `/internal/${order.id}`)
    const label = await db.from('device_labels').where('order_device_id', devices[0].id).first()

    // Handed over, not yet calibrated: the label is genuine, the result not yet there.
    const pending = await client.get(`/verifikasi/${label.code}`).withInertia()
    pending.assertStatus(200)
    pending.assertInertiaComponent('verification/show')
    assert.equal((pending.inertiaProps as any).state, 'valid')
    assert.isNull((pending.inertiaProps as any).label.result)

    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ work_date: '2026-11-20', is_laik: true })
    // Measured, its certificate waiting for the head: the label shows no result yet (issue 37).
    const certificate = await certificateFor(devices[0].id, 'Menunggu Persetujuan')
    const waiting = await client.get(`/verifikasi/${label.code}`).withInertia()
    assert.isNull((waiting.inertiaProps as any).label.result)
    assert.isTrue((waiting.inertiaProps as any).label.awaiting_approval)
    await db.from('certificates').where('id', certificate.id).update({ status: 'Berlaku' })
    const shown = await client.get(`/verifikasi/${label.code.toLowerCase()}`).withInertia()
    shown.assertStatus(200)
    const props = shown.inertiaProps as any
    assert.deepEqual(Object.keys(props.label).sort(), [
      'alkes_name',
      'awaiting_approval',
      'cancelled',
      'code',
      'fasyankes_name',
      'merk',
      'model',
      'result',
      'serial_number',
    ])
    assert.equal(props.label.merk, 'Omron')
    assert.equal(props.label.serial_number, `SN-${order.id}-1`)
    assert.equal(props.label.result.verdict, 'LAIK')
    assert.equal(props.label.result.formatted_calibration_date, '20 November 2026')
    assert.equal(props.label.result.formatted_next_due_date, '20 November 2027')
    assert.notInclude(JSON.stringify(props), order.number, 'nothing about the order')

    // TIDAK LAIK: out of use, no next due date (issue 37, point 6).
    await db.from('order_devices').where('id', devices[0].id).update({ is_laik: false })
    const failedPage = await client.get(`/verifikasi/${label.code}`).withInertia()
    const failed = failedPage.inertiaProps as any
    assert.equal(failed.label.result.verdict, 'TIDAK LAIK')
    assert.isNull(failed.label.result.formatted_next_due_date)
    assert.notInclude(JSON.stringify(props), 'price')

    const dashed = await client
      .get(`/verifikasi/${label.code.slice(0, 5)}-${label.code.slice(5)}`)
      .withInertia()
    dashed.assertStatus(200)

    const unknown = await client.get('/verifikasi/0000000000').withInertia()
    unknown.assertStatus(404)
    assert.equal((unknown.inertiaProps as any).state, 'unknown')
    for (const malformed of ['abc', "1' OR '1'='1", 'x'.repeat(300)]) {
      const response = await client
        .get(`/verifikasi/${encodeURIComponent(malformed)}`)
        .withInertia()
      response.assertStatus(404)
      assert.equal((response.inertiaProps as any).state, 'malformed', malformed)
    }
    const typed = await client.get(`/verifikasi?code=${label.code}`).redirects(0)
    typed.assertStatus(302)
    assert.equal(typed.headers().location, `/verifikasi/${label.code}`)
  })
})
