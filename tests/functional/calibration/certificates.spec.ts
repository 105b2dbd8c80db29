import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type User from '#models/user'
import {
  HANDOVER_PAYLOAD,
  auditCount,
  feedbackPayload,
  fieldErrors,
  errorFields,
  pdfText,
  binary,
  statusOf,
  userByEmail,
  userWithRole,
  OTHER_FACILITY_EMAIL,
  makeOrder,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'
import { referenceIds } from '#tests/functional/master_data/_support'
import {
  PASSING_READINGS,
  lendForOrder,
  measuredPayload,
  monitorOrder,
  monitorWithTemplate,
  standardCalibrator,
} from '#tests/functional/calibration/certificate_fixtures'

/**
 * Issue 15, points 2 to 5: measurements in the worksheet, the standards used, certificates
 * generated and approved by the lab's head, and amendments kept as revisions.
 */

const worksheetUrl = (orderId: number, deviceId: number) =>
  `/internal/${orderId}/worksheet/pk/${deviceId}/update`

async function devicePoints(deviceId: number) {
  return db.from('worksheet_points').where('order_device_id', deviceId).orderBy('position')
}

async function certificatesOf(deviceId: number) {
  return db.from('certificates').where('order_device_id', deviceId).orderBy('revision')
}

/** Sends a form as `user` would (CSRF token, Inertia), without following the redirect. */
function send(
  client: any,
  user: User,
  method: 'put' | 'post',
  url: string,
  payload: Record<string, unknown> = {}
) {
  return client[method](url).json(payload).loginAs(user).withCsrfToken().withInertia().redirects(0)
}

/** An order in work with one monitor, a valid PK standard and the worksheet saved with readings. */
async function measuredOrder(client: any) {
  const alkes = await monitorWithTemplate()
  const { order, devices } = await monitorOrder(alkes)
  const { calibrator, calibration } = await standardCalibrator()
  const officer = await userWithRole('officer_pk')
  const response = await send(
    client,
    officer,
    'put',
    worksheetUrl(order.id, devices[0].id),
    measuredPayload(officer.id, calibrator.id)
  )
  if (errorFields(response).length || response.flashMessages().error) {
    throw new Error(`worksheet refused: ${JSON.stringify(response.flashMessages())}`)
  }
  return { order, device: devices[0], calibrator, calibration, officer }
}

/** The facility answers the questionnaire: the order is SELESAI and its files are the facility's. */
async function finishWithFeedback(client: any, orderId: number) {
  const facility = await userWithRole('fasyankes')
  await send(client, facility, 'post', `/internal/${orderId}/feedback`, feedbackPayload())
  if ((await statusOf(orderId)) !== 'SELESAI') throw new Error('feedback did not finish the order')
}

async function approve(
  client: any,
  orderId: number,
  certificateId: number,
  role = 'head_of_pk_laboratory'
) {
  const head = await userWithRole(role as any)
  return send(client, head, 'post', `/internal/${orderId}/certificates/${certificateId}/approve`)
}

test.group('Calibration records | measurements in the worksheet', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("with fewer readings than the minimum, the device type's pooled s is the type A term (issue 37)", async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { calibrator } = await standardCalibrator()
    const officer = await userWithRole('officer_pk')
    const measure = async (readings: string[][]) => {
      const { order, devices } = await monitorOrder(alkes)
      const response = await send(
        client,
        officer,
        'put',
        worksheetUrl(order.id, devices[0].id),
        measuredPayload(officer.id, calibrator.id, readings)
      )
      assert.deepEqual(errorFields(response), [])
      return devices[0]
    }
    // Two earlier sheets: HR 60 read 60 61 60 and 61 60 60 (s² = 1/3 each, ν = 2 each).
    await measure(PASSING_READINGS)
    await measure([['61', '60', '60'], PASSING_READINGS[1], PASSING_READINGS[2]])
    // The template now asks one reading at HR 60: the pooled s = √((2/3 + 2/3) / 4) = 0.577350, ν 4.
    await db
      .from('alkes_test_points')
      .where('alkes_id', alkes.id)
      .where('position', 1)
      .update({ repeats: 1 })
    const single = await measure([['61'], PASSING_READINGS[1], PASSING_READINGS[2]])
    const [point] = await devicePoints(single.id)
    assert.approximately(Number(point.prior_deviation), 0.57735, 1e-6)
    assert.equal(Number(point.prior_dof), 4)
    // uA = 0.577350 (n = 1), uRef 0.25, uRes 0.288675: uc² = 0.333333 + 0.0625 + 0.083333 =
    // 0.479167; ν_eff = uc⁴ / (uA⁴ / 4) = 0.229601 / 0.027778 = 8.27 → 8, k = 2.3664; U = 1.6381
    assert.approximately(Number(point.effective_dof), 8.27, 0.01)
    assert.approximately(Number(point.expanded_uncertainty), 1.6381, 0.0005)
  })

  test('the decision rule agreed on the order judges its points and is stated on its certificate (issue 37)', async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    // Agreed at contract review: a guard band w = U, whatever the lab's default is.
    await db
      .from('orders')
      .where('id', order.id)
      .update({ decision_rule: 'guard_band', guard_factor: 1 })
    const { calibrator } = await standardCalibrator()
    const officer = await userWithRole('officer_pk')
    const url = worksheetUrl(order.id, devices[0].id)
    // SpO2 90: error 1.3 with U 1.4 passes ±2 by simple acceptance, not with a guard band of U.
    const claimedLaik = await send(
      client,
      officer,
      'put',
      url,
      measuredPayload(officer.id, calibrator.id)
    )
    assert.include(errorFields(claimedLaik), 'laik_override_reason')
    const saved = await send(
      client,
      officer,
      'put',
      url,
      measuredPayload(officer.id, calibrator.id, undefined, { is_laik: '0' })
    )
    assert.deepEqual(errorFields(saved), [])
    const points = await devicePoints(devices[0].id)
    assert.deepEqual(
      points.map((point) => [point.decision_rule, point.conformity]),
      [
        ['guard_band', 'pass'],
        ['guard_band', 'pass'],
        ['guard_band', 'fail'],
      ]
    )
    const draft = await binary(
      client.get(`/internal/${order.id}/certificates/${devices[0].id}/draft`).loginAs(officer)
    )
    draft.assertStatus(200)
    assert.include(pdfText(draft.body()), 'pita pengaman')
  })

  test('readings are kept per point with their mean, error, U and verdict; the certificate waits for approval', async ({
    client,
    assert,
  }) => {
    const { order, device, calibrator, calibration } = await measuredOrder(client)
    const points = await devicePoints(device.id)
    assert.lengthOf(points, 3)
    // HR 60: readings 60 61 60 (hand-computed in tests/unit/services/measurement.spec.ts).
    assert.deepEqual(JSON.parse(points[0].readings), [60, 61, 60])
    assert.approximately(Number(points[0].mean), 60.333333, 1e-6)
    assert.approximately(Number(points[0].error), 0.333333, 1e-6)
    // ν_eff 10.7 → k = t95.45(10) = 2.284: U = 1.157591 (not 2 · uc = 1.013794).
    assert.approximately(Number(points[0].expanded_uncertainty), 1.157591, 1e-6)
    assert.approximately(Number(points[0].coverage_factor), 2.284, 0.0005)
    assert.approximately(Number(points[0].effective_dof), 10.695, 0.001)
    assert.equal(points[0].conformity, 'pass')
    assert.equal(points[0].decision_rule, 'simple')
    assert.equal(
      Number(points[0].reference_uncertainty),
      0.5,
      'U of the standard, from its certificate'
    )
    assert.equal(Number(points[0].calibrator_id), calibrator.id)
    assert.isTrue(Boolean(Number(points[0].passed)))
    // SpO2 90: readings 91 92 91, Uref 1 → uc² = 1/9 + 0.25 + 1/12 = 0.444444, uc = 0.666667;
    // ν_eff = 0.444444² / ((1/9)² / 2) = 32 → k = t95.45(32) = 2.0812; U = 1.387472
    assert.approximately(Number(points[2].expanded_uncertainty), 1.387472, 1e-6)

    const line = await db.from('order_devices').where('id', device.id).first()
    assert.isTrue(Boolean(Number(line.measured_laik)))
    assert.isTrue(Boolean(Number(line.is_laik)))
    assert.equal(Number(line.ambient_temperature), 23.5)
    assert.equal(line.status, 'BELUM SELESAI', 'a generated certificate needs the head first')
    const standards = await db.from('order_device_standards').where('order_device_id', device.id)
    assert.deepEqual(
      standards.map((row) => [Number(row.calibrator_id), Number(row.calibration_id)]),
      [[calibrator.id, calibration.id]]
    )
    const [pending] = await certificatesOf(device.id)
    assert.equal(pending.status, 'Menunggu Persetujuan')
    assert.equal(Number(pending.revision), 0)
    assert.equal(await auditCount(order.id, 'internal.worksheet'), 1)
  })

  test('a calibrator overdue on the work date is refused, and nothing is saved', async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { calibrator } = await standardCalibrator({
      performedOn: '2025-02-01',
      dueOn: '2026-02-01',
    })
    const officer = await userWithRole('officer_pk')
    const response = await send(
      client,
      officer,
      'put',
      worksheetUrl(order.id, devices[0].id),
      measuredPayload(officer.id, calibrator.id)
    )
    const [message] = fieldErrors(response, 'standards')
    assert.match(String(message), /lewat jatuh tempo/, JSON.stringify(response.flashMessages()))
    assert.include(String(message), calibrator.serialNumber)
    assert.lengthOf(await devicePoints(devices[0].id), 0)
    assert.lengthOf(await certificatesOf(devices[0].id), 0)
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isNull(line.worksheet_saved_at)
    assert.equal(await auditCount(order.id), 0)

    // The same calibrator for work done while it was valid is accepted.
    const earlier = await send(
      client,
      officer,
      'put',
      worksheetUrl(order.id, devices[0].id),
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS, { work_date: '2026-01-20' })
    )
    assert.deepEqual(errorFields(earlier), [])
    assert.lengthOf(await devicePoints(devices[0].id), 3)
  })

  test('a calibrator of another lab counts only on a confirmed loan linked to the order', async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { unitUkpr } = await referenceIds()
    const { calibrator } = await standardCalibrator({ unitId: unitUkpr })
    const officer = await userWithRole('officer_pk')
    const save = () =>
      send(
        client,
        officer,
        'put',
        worksheetUrl(order.id, devices[0].id),
        measuredPayload(officer.id, calibrator.id)
      )
    const refused = await save()
    assert.match(String(fieldErrors(refused, 'standards')[0]), /tidak dipinjam untuk order ini/)

    await lendForOrder(calibrator.id, order.id)
    const accepted = await save()
    assert.deepEqual(errorFields(accepted), [])
    assert.lengthOf(await devicePoints(devices[0].id), 3)
  })

  test('every reading of every point is asked for, and a result other than the points needs a reason', async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { calibrator } = await standardCalibrator()
    const officer = await userWithRole('officer_pk')
    const put = (payload: Record<string, unknown>) =>
      send(client, officer, 'put', worksheetUrl(order.id, devices[0].id), payload)

    const short = await put(
      measuredPayload(officer.id, calibrator.id, [['60', '61'], ...PASSING_READINGS.slice(1)])
    )
    assert.match(
      String(fieldErrors(short, 'points.0.readings')[0]),
      /Isi 3 pembacaan untuk Heart rate 60 bpm/
    )
    const missingPoint = await put(
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS.slice(0, 2))
    )
    assert.match(String(fieldErrors(missingPoint, 'points')[0]), /Isi semua 3 titik uji/)
    const noRoom = await put(
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS, { ambient_humidity: undefined })
    )
    assert.include(errorFields(noRoom), 'ambient_humidity')

    const overridden = await put(
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS, { is_laik: '0' })
    )
    assert.match(
      String(fieldErrors(overridden, 'laik_override_reason')[0]),
      /Titik uji memberi hasil LAIK/
    )
    assert.lengthOf(await devicePoints(devices[0].id), 0, 'nothing saved')

    const reason = 'Alarm SpO2 tidak berbunyi saat uji fungsi.'
    const withReason = await put(
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS, {
        is_laik: '0',
        laik_override_reason: reason,
      })
    )
    assert.deepEqual(errorFields(withReason), [])
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isFalse(Boolean(Number(line.is_laik)))
    assert.isTrue(Boolean(Number(line.measured_laik)))
    assert.equal(line.laik_override_reason, reason)
  })

  test('blank readings are named for every point at once, and with points the result needs no choice (issue 35)', async ({
    client,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { calibrator } = await standardCalibrator()
    const officer = await userWithRole('officer_pk')
    const put = (payload: Record<string, unknown>) =>
      send(client, officer, 'put', worksheetUrl(order.id, devices[0].id), payload)

    // As the form sends it: blank inputs, and no result while the points are incomplete.
    const blanks = await put(
      measuredPayload(
        officer.id,
        calibrator.id,
        [['60', '', '60'], ['', '', ''], PASSING_READINGS[2]],
        {
          is_laik: '',
        }
      )
    )
    assert.includeMembers(errorFields(blanks), ['points.0.readings', 'points.1.readings'])
    assert.notInclude(errorFields(blanks), 'is_laik', 'the points give the result')
    assert.match(String(fieldErrors(blanks, 'points.1.readings')[0]), /Isi 3 pembacaan/)
    assert.lengthOf(await devicePoints(devices[0].id), 0, 'nothing saved')

    const derived = await put(
      measuredPayload(officer.id, calibrator.id, PASSING_READINGS, { is_laik: '' })
    )
    assert.deepEqual(errorFields(derived), [])
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isTrue(Boolean(Number(line.is_laik)))
    assert.isTrue(Boolean(Number(line.measured_laik)))

    // Without points a result is still asked for.
    const { order: plain, devices: plainDevices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
    })
    const noResult = await send(
      client,
      officer,
      'put',
      worksheetUrl(plain.id, plainDevices[0].id),
      worksheetPayload(officer.id, { is_laik: '' })
    )
    assert.match(String(fieldErrors(noResult, 'is_laik')[0]), /Hasil wajib diisi/)
  })

  test('a failing point makes the worksheet TIDAK LAIK', async ({ client, assert }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { calibrator } = await standardCalibrator()
    const officer = await userWithRole('officer_pk')
    const readings = [
      ['60', '61', '60'],
      ['124', '123', '123'],
      ['91', '92', '91'],
    ]
    const response = await send(
      client,
      officer,
      'put',
      worksheetUrl(order.id, devices[0].id),
      measuredPayload(officer.id, calibrator.id, readings, { is_laik: '0' })
    )
    assert.deepEqual(errorFields(response), [])
    const points = await devicePoints(devices[0].id)
    assert.isFalse(Boolean(Number(points[1].passed)), 'HR 120: error 3.33 > 2')
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isFalse(Boolean(Number(line.measured_laik)))
    assert.isNull(line.laik_override_reason)
  })
})

test.group('Calibration records | certificates approved and amended', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a certificate cannot be handed over before the PK head approves it', async ({
    client,
    assert,
  }) => {
    const { order, device, calibrator, calibration } = await measuredOrder(client)
    const [pending] = await certificatesOf(device.id)
    const yantek = await userWithRole('yantek')
    const handover = () =>
      send(client, yantek, 'put', `/internal/${order.id}/handover`, HANDOVER_PAYLOAD)
    const early = await handover()
    assert.match(String(early.flashMessages().error), /1 alat belum selesai/)
    assert.equal(await statusOf(order.id), 'PROSES PENGERJAAN')

    // Only the head of the device's lab approves.
    const byOfficer = await approve(client, order.id, pending.id, 'officer_pk')
    byOfficer.assertStatus(403)
    const byOtherHead = await approve(client, order.id, pending.id, 'head_of_ukpr_laboratory')
    byOtherHead.assertStatus(403)
    const [stillPending] = await certificatesOf(device.id)
    assert.equal(stillPending.status, 'Menunggu Persetujuan')

    const approved = await approve(client, order.id, pending.id)
    assert.equal(approved.status(), 302, JSON.stringify(approved.flashMessages()))
    const [certificate] = await certificatesOf(device.id)
    const line = await db.from('order_devices').where('id', device.id).first()
    assert.equal(certificate.status, 'Berlaku')
    assert.equal(certificate.number, line.certificate_number)
    assert.equal(line.status, 'SELESAI')
    const head = await userWithRole('head_of_pk_laboratory')
    assert.equal(Number(certificate.approved_by), head.id)
    assert.isNotNull(certificate.approved_at)
    const file = await db.from('order_files').where('id', certificate.order_file_id).first()
    assert.equal(file.kind, 'certificate')
    assert.equal(Number(file.order_device_id), device.id)
    assert.equal(await auditCount(order.id, 'internal.certificate_approve'), 1)

    const again = await approve(client, order.id, pending.id)
    assert.match(String(again.flashMessages().error), /sudah disetujui/)

    const after = await handover()
    assert.isUndefined(after.flashMessages().error)
    assert.equal(await statusOf(order.id), 'MENUNGGU FEEDBACK')
    await finishWithFeedback(client, order.id)

    // Handed over and rated, the facility downloads it; it carries the results, the standard and the signatory.
    const facility = await userWithRole('fasyankes')
    const pdf = await binary(client.get(`/internal/${order.id}/files/${file.id}`).loginAs(facility))
    pdf.assertStatus(200)
    const text = pdfText(pdf.body())
    assert.include(text, certificate.number)
    assert.include(text, calibrator.serialNumber)
    assert.include(text, calibration.certificateNumber!)
    assert.include(text, '60,3')
    assert.include(text, head.name)
    assert.include(text, `/verifikasi/${certificate.code}`)
  })

  test('the PDF is drawn before the write; a worksheet changed meanwhile is not approved and its drawn PDF is removed', async ({
    client,
    assert,
  }) => {
    const { order, device } = await measuredOrder(client)
    const pending = await db.from('certificates').where('order_device_id', device.id).firstOrFail()
    const disk = drive.use()
    const put = disk.put.bind(disk)
    let drawnKey = ''
    // Between the drawing and the write, the officer corrects the brand.
    disk.put = async (key: string, ...rest: any[]) => {
      drawnKey = key
      await db.from('order_devices').where('id', device.id).update({ merk: 'Merek Diperbaiki' })
      return (put as any)(key, ...rest)
    }
    try {
      const response = await approve(client, order.id, Number(pending.id))
      assert.match(String(response.flashMessages().error), /berubah saat disetujui/)
    } finally {
      disk.put = put
    }
    const after = await db.from('certificates').where('id', pending.id).first()
    assert.equal(after.status, 'Menunggu Persetujuan')
    assert.isFalse(await disk.exists(drawnKey))
    // Approved again, it says what the worksheet says now.
    const again = await approve(client, order.id, Number(pending.id))
    assert.isUndefined(again.flashMessages().error)
    const approved = await db.from('certificates').where('id', pending.id).first()
    assert.equal(approved.status, 'Berlaku')
    assert.include(JSON.stringify(approved.contents), 'Merek Diperbaiki')
  })

  test('an amendment keeps the old revision, and the verification page tells both revisions apart', async ({
    client,
    assert,
  }) => {
    const { order, device, calibrator, officer } = await measuredOrder(client)
    const [first] = await certificatesOf(device.id)
    await approve(client, order.id, first.id)
    const [approvedFirst] = await certificatesOf(device.id)
    const base = approvedFirst.number
    // Most corrections are asked for once the facility has the certificate.
    const yantek = await userWithRole('yantek')
    await send(client, yantek, 'put', `/internal/${order.id}/handover`, HANDOVER_PAYLOAD)
    await finishWithFeedback(client, order.id)

    const resave = await send(
      client,
      officer,
      'put',
      worksheetUrl(order.id, device.id),
      measuredPayload(officer.id, calibrator.id)
    )
    // The spec's worksheet closes with the hand-over; a correction is an amendment.
    assert.isAtLeast(resave.status(), 300)
    assert.lengthOf(await certificatesOf(device.id), 1)

    const amendUrl = `/internal/${order.id}/certificates/${device.id}/amend`
    // An amendment keeps the certificate's number: the form has no number field.
    const payload = {
      ...measuredPayload(officer.id, calibrator.id, [
        ['60', '60', '60'],
        ...PASSING_READINGS.slice(1),
      ]),
      certificate_number: undefined,
    }
    const noReason = await send(client, officer, 'put', amendUrl, payload)
    assert.include(errorFields(noReason), 'amendment_reason')
    assert.lengthOf(await certificatesOf(device.id), 1)

    const reason = 'Pembacaan HR 60 bpm salah ketik pada revisi awal.'
    const amended = await send(client, officer, 'put', amendUrl, {
      ...payload,
      amendment_reason: reason,
    })
    assert.deepEqual(errorFields(amended), [])
    const [stillCurrent, pending] = await certificatesOf(device.id)
    assert.equal(
      stillCurrent.status,
      'Berlaku',
      'the approved one stays in force until the revision is approved'
    )
    assert.equal(pending.status, 'Menunggu Persetujuan')
    assert.equal(pending.amendment_reason, reason)

    await approve(client, order.id, pending.id)
    const [old, current] = await certificatesOf(device.id)
    assert.equal(old.status, 'Diganti')
    assert.isNotNull(old.superseded_at)
    assert.equal(current.status, 'Berlaku')
    assert.equal(current.number, `${base}-R1`)
    assert.notEqual(current.order_file_id, old.order_file_id)

    // The old revision still opens, for the facility too.
    const facility = await userWithRole('fasyankes')
    const oldPdf = await binary(
      client.get(`/internal/${order.id}/files/${old.order_file_id}`).loginAs(facility)
    )
    oldPdf.assertStatus(200)
    assert.include(pdfText(oldPdf.body()), base)

    const currentPage = await client.get(`/verifikasi/${current.code}`).withInertia()
    currentPage.assertStatus(200)
    const shown = (currentPage.inertiaProps as any).certificate
    assert.equal(shown.status, 'Berlaku')
    assert.equal(shown.number, `${base}-R1`)
    assert.equal(shown.replaced.number, base, 'states that an earlier revision was replaced')
    assert.match(shown.replaced.formatted_at, /\d{4}/, 'and when')
    assert.equal(shown.amendment_reason, reason)

    const oldPage = await client.get(`/verifikasi/${old.code}`).withInertia()
    oldPage.assertStatus(200)
    const superseded = (oldPage.inertiaProps as any).certificate
    assert.equal(superseded.status, 'Diganti')
    assert.equal(superseded.superseded.by.number, `${base}-R1`)
    assert.equal(superseded.current.number, `${base}-R1`, 'shows the current revision')

    assert.equal(await auditCount(order.id, 'internal.certificate_amend'), 1)
    assert.equal(await auditCount(order.id, 'internal.certificate_approve'), 2)
  })

  test('a pending certificate does not verify; the draft opens for staff only; another facility gets 404', async ({
    client,
    assert,
  }) => {
    const { order, device } = await measuredOrder(client)
    const [pending] = await certificatesOf(device.id)
    const unknown = await client.get(`/verifikasi/${pending.code}`).withInertia()
    unknown.assertStatus(404)

    const draft = await binary(
      client
        .get(`/internal/${order.id}/certificates/${device.id}/draft`)
        .loginAs(await userWithRole('head_of_pk_laboratory'))
    )
    draft.assertStatus(200)
    assert.include(pdfText(draft.body()), 'DRAF')

    const facility = await userWithRole('fasyankes')
    const page = await client
      .get(`/internal/${order.id}/certificates`)
      .loginAs(facility)
      .withInertia()
    page.assertStatus(403)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client
      .get(`/internal/${order.id}/certificates`)
      .loginAs(other)
      .withInertia()
    foreign.assertStatus(404)

    const head = await client
      .get(`/internal/${order.id}/certificates`)
      .loginAs(await userWithRole('head_of_pk_laboratory'))
      .withInertia()
    head.assertStatus(200)
    const line = (head.inertiaProps as any).devices[0]
    assert.match(line.revisions[0].approve_href, /approve$/)
    const officerView = await client
      .get(`/internal/${order.id}/certificates`)
      .loginAs(await userWithRole('officer_pk'))
      .withInertia()
    assert.isNull((officerView.inertiaProps as any).devices[0].revisions[0].approve_href)
  })
})
