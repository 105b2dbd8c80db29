import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  auditCount,
  errorFields,
  fieldErrors,
  isRedirect,
  makeAlkes,
  makeOrder,
  userWithRole,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'
import { formatCertificateNumber } from '#services/certificate_numbers'

/** Issue 10.2: every certificate carries its own number. */
test.group('Internal order | certificate numbers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const save = async (client: any, orderId: number, deviceId: number, payload: object) =>
    client
      .put(`/internal/${orderId}/worksheet/pk/${deviceId}/update`)
      .loginAs(await userWithRole('officer_pk'))
      .json(payload)
      .withCsrfToken()
      .withInertia()
      .redirects(0)

  const numberOf = async (deviceId: number): Promise<string | null> => {
    const row = await db.from('order_devices').where('id', deviceId).first()
    return row.certificate_number
  }

  test('units of one type left blank get consecutive numbers from the pattern, not the template', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const alkes = await makeAlkes()
    await db.from('alkes').where('id', alkes.id).update({ certificate_number: 'KAL/PK/008' })
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 3,
      alkes,
      officerId: officer.id,
    })
    await db.from('certificate_sequences').where({ lab: 'pk', year: 2026 }).delete()
    for (const [index, device] of devices.entries()) {
      const response = await save(
        client,
        order.id,
        device.id,
        worksheetPayload(officer.id, { serial_number: `CN-${index}`, certificate_number: '' })
      )
      assert.isTrue(isRedirect(response), `save ${index}: ${errorFields(response)}`)
    }
    const numbers = await Promise.all(devices.map((device) => numberOf(device.id)))
    // Default pattern {template}/{seq}/{month}/{year}; work date 3 March 2026.
    assert.deepEqual(numbers, [
      'KAL/PK/008/0001/III/2026',
      'KAL/PK/008/0002/III/2026',
      'KAL/PK/008/0003/III/2026',
    ])
    // Saving again keeps the number the line already has.
    await save(
      client,
      order.id,
      devices[0].id,
      worksheetPayload(officer.id, { serial_number: 'X' })
    )
    assert.equal(await numberOf(devices[0].id), 'KAL/PK/008/0001/III/2026')
  })

  test('a number another device line holds is refused under the field, and nothing changes', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      officerId: officer.id,
    })
    const first = await save(
      client,
      order.id,
      devices[0].id,
      worksheetPayload(officer.id, { certificate_number: 'KAL/UJI/77' })
    )
    assert.isTrue(isRedirect(first))
    const audits = await auditCount(order.id)
    const second = await save(
      client,
      order.id,
      devices[1].id,
      worksheetPayload(officer.id, { serial_number: 'UJI-2', certificate_number: ' KAL/UJI/77 ' })
    )
    assert.deepEqual(fieldErrors(second, 'certificate_number'), [
      'Nomor sertifikat ini sudah dipakai alat lain. Kosongkan untuk nomor otomatis.',
    ])
    const untouched = await db.from('order_devices').where('id', devices[1].id).first()
    assert.isNull(untouched.certificate_number)
    assert.isNull(untouched.worksheet_saved_at)
    assert.equal(await auditCount(order.id), audits)
    // The line that holds it may save it again.
    const again = await save(
      client,
      order.id,
      devices[0].id,
      worksheetPayload(officer.id, { certificate_number: 'KAL/UJI/77' })
    )
    assert.isTrue(isRedirect(again))
    assert.deepEqual(errorFields(again), [])
  })

  test('the running number skips a number already typed by hand', async ({ client, assert }) => {
    const officer = await userWithRole('officer_pk')
    const alkes = await makeAlkes()
    await db.from('alkes').where('id', alkes.id).update({ certificate_number: 'KAL/SKIP' })
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      alkes,
      officerId: officer.id,
    })
    await db.from('certificate_sequences').where({ lab: 'pk', year: 2026 }).delete()
    await save(
      client,
      order.id,
      devices[0].id,
      worksheetPayload(officer.id, {
        serial_number: 'SKIP-1',
        certificate_number: 'KAL/SKIP/0001/III/2026',
      })
    )
    await save(
      client,
      order.id,
      devices[1].id,
      worksheetPayload(officer.id, { serial_number: 'SKIP-2' })
    )
    assert.equal(await numberOf(devices[1].id), 'KAL/SKIP/0002/III/2026')
  })

  test('the worksheet form proposes the next number instead of the type template', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const alkes = await makeAlkes()
    await db.from('alkes').where('id', alkes.id).update({ certificate_number: 'KAL/PK/009' })
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      alkes,
      officerId: officer.id,
    })
    const page = await client
      .get(`/internal/${order.id}/worksheet/pk/${devices[0].id}/edit`)
      .loginAs(officer)
      .withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    assert.equal(props.values.certificate_number, '')
    assert.equal(props.values.is_laik, '')
    assert.match(props.nextCertificateNumber, /^KAL\/PK\/009\/\d{4}\/[IVX]+\/\d{4}$/)
  })
})

test.group('Certificate number pattern', () => {
  test('tokens: seq with its width, lab, template (or KAL/lab), month in Roman numerals, year', ({
    assert,
  }) => {
    const parts = { lab: 'pk' as const, year: 2026, month: 11, template: 'KAL/PK/008' }
    assert.equal(formatCertificateNumber(parts, 7), 'KAL/PK/008/0007/XI/2026')
    assert.equal(
      formatCertificateNumber(parts, 7, '{seq:3}/{lab}/{month}/{year}'),
      '007/PK/XI/2026'
    )
    assert.equal(
      formatCertificateNumber({ ...parts, template: ' ', lab: 'ukpr' }, 12, '{template}-{seq}'),
      'KAL/UKPR-0012'
    )
    // A pattern without {seq} still numbers each certificate.
    assert.equal(formatCertificateNumber(parts, 3, 'SERT/{year}'), 'SERT/2026/0003')
    // An unknown token is left as written.
    assert.equal(formatCertificateNumber(parts, 1, '{seq}/{foo}'), '0001/{foo}')
  })
})
