import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  FACILITY_EMAIL,
  auditCount,
  countRows,
  errorFields,
  fieldErrors,
  isRedirect,
  makeAlkes,
  orderFields,
  pdfBuffer,
  pngBuffer,
  userByEmail,
  userWithRole,
  latestOrder,
} from '#tests/functional/internal_orders/_support'

async function orderCount() {
  return countRows('orders')
}

test.group('Internal order | create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a facility creates an order: MENUNGGU, its own facility, n device orders per line of quantity n, prices from master data', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const other = await userByEmail('fasyankes2@kalibra.test')
    const tensimeter = await makeAlkes({ price: 150_000, minuteEstimation: 60 })
    const thermometer = await makeAlkes({ price: 90_000, minuteEstimation: 30 })
    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(
        orderFields(
          [
            // The browser's price and minute_estimation are ignored: master data decides.
            { alkes_id: tensimeter.id, quantity: 3, price: 1, description: 'Ruang IGD' },
            { alkes_id: thermometer.id, quantity: 2, price: 999_999_999 },
          ],
          // A facility cannot file an order for another facility.
          { fasyankes_id: String(other.fasyankesId) }
        )
      )
      .redirects(0)
    assert.isTrue(isRedirect(response), `status ${response.status()}`)
    const order = await latestOrder()
    assert.equal(response.header('location'), `/internal/${order.id}/summary`)
    assert.equal(order.status, 'MENUNGGU')
    // The decision rule the form stated is the order's, agreed with the request (issue 37).
    const agreed = await db.from('orders').where('id', order.id).first()
    assert.equal(agreed.decision_rule, 'simple')
    assert.equal(Number(agreed.guard_factor), 1)
    assert.equal(order.fasyankesId, facility.fasyankesId)
    assert.equal(order.userId, facility.id)
    assert.isNotNull(order.letterPath)
    assert.match(String(response.flashMessages().success), new RegExp(order.number))

    const devices = await db.from('order_devices').where('order_id', order.id).orderBy('id')
    assert.lengthOf(devices, 5)
    assert.deepEqual(
      devices.map((d) => [
        Number(d.alkes_id),
        Number(d.price),
        Number(d.minute_estimation),
        d.status,
      ]),
      [
        [tensimeter.id, 150_000, 60, 'BELUM SELESAI'],
        [tensimeter.id, 150_000, 60, 'BELUM SELESAI'],
        [tensimeter.id, 150_000, 60, 'BELUM SELESAI'],
        [thermometer.id, 90_000, 30, 'BELUM SELESAI'],
        [thermometer.id, 90_000, 30, 'BELUM SELESAI'],
      ]
    )
    assert.deepEqual(
      devices.map((d) => d.description),
      ['Ruang IGD', 'Ruang IGD', 'Ruang IGD', null, null]
    )
    // 3 x 60 + 2 x 30 = 240 minutes.
    assert.equal(order.estimatedMinutes, 240)
    assert.equal(await auditCount(order.id, 'internal.create'), 1)

    // The summary shows the total from master data: 3 x 150.000 + 2 x 90.000 = 630.000.
    const summary = await client
      .get(`/internal/${order.id}/summary`)
      .loginAs(facility)
      .withInertia()
    summary.assertStatus(200)
    assert.equal(summary.inertiaProps.order.formatted_total_price, 'Rp 630.000')
    assert.equal(summary.inertiaProps.order.status, 'MENUNGGU')
    assert.deepEqual(summary.inertiaProps.order.actions.sort(), ['delete', 'edit'])
  })

  test('the completion estimate is computed on the server from the arrival date, skipping holidays', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const device = await makeAlkes({ minuteEstimation: 300 })
    // Arrival Mon 1 Mar 2027 (1 Jan 2027 is a Friday, so 1 Feb and 1 Mar 2027 are Mondays).
    // Tue 2 Mar 2027 is made a holiday here.
    await db.table('holidays').insert({ date: '2027-03-02', name: 'Libur uji' })
    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pngBuffer(), { filename: 'surat.png' })
      .fields(orderFields([{ alkes_id: device.id, quantity: 2 }]))
      .redirects(0)
    assert.isTrue(isRedirect(response), `status ${response.status()}`)
    const order = await latestOrder()
    // 2 x 300 = 600 min. Mon 08:00 + 480 (120 left), Tue holiday, Wed 3 Mar 08:00 + 120 = 10:00 WITA
    // = 02:00 UTC.
    assert.equal(order.estimatedMinutes, 600)
    assert.equal(order.estimatedCompletionAt!.toUTC().toISO(), '2027-03-03T02:00:00.000Z')
    const summary = await client
      .get(`/internal/${order.id}/summary`)
      .loginAs(facility)
      .withInertia()
    // 600 min = 10 h: "0 hari 10 jam 0 menit"; done "3 Maret 2027 10:00 WITA".
    assert.equal(summary.inertiaProps.order.estimated_duration, '0 hari 10 jam 0 menit')
    assert.equal(
      summary.inertiaProps.order.formatted_estimated_completion_at,
      '3 Maret 2027 10:00 WITA'
    )
  })

  test('staff file an order for the facility they choose and land on the detail page', async ({
    client,
    assert,
  }) => {
    const other = await userByEmail('fasyankes2@kalibra.test')
    const device = await makeAlkes()
    for (const role of ['admin_pk', 'yantek'] as const) {
      const response = await client
        .post('/internal')
        .loginAs(await userWithRole(role))
        .withCsrfToken()
        .withInertia()
        .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
        .fields(
          orderFields([{ alkes_id: device.id, quantity: 1 }], {
            fasyankes_id: String(other.fasyankesId),
            delivery_option: 'Via Ekspedisi',
            delivery_travel_name: 'JNE',
          })
        )
        .redirects(0)
      assert.isTrue(isRedirect(response), `${role}: ${response.status()}`)
      const order = await latestOrder()
      assert.equal(response.header('location'), `/internal/${order.id}/detail`)
      assert.equal(order.fasyankesId, other.fasyankesId)
      assert.equal(order.deliveryTravelName, 'JNE')
    }
  })

  test('roles without internal.create get 403 and nothing is created', async ({
    client,
    assert,
  }) => {
    const device = await makeAlkes()
    const before = await orderCount()
    for (const role of [
      'officer_pk',
      'treasurer',
      'head_of_pk_laboratory',
      'human_resource',
    ] as const) {
      const response = await client
        .post('/internal')
        .loginAs(await userWithRole(role))
        .withCsrfToken()
        .withInertia()
        .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
        .fields(orderFields([{ alkes_id: device.id, quantity: 1 }]))
        .redirects(0)
      assert.equal(response.status(), 403, role)
    }
    assert.equal(await orderCount(), before)
  })

  test('order numbers are DT/YYYY/MM/NNNN, sequential within the month', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const device = await makeAlkes()
    const numbers: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await client
        .post('/internal')
        .loginAs(facility)
        .withCsrfToken()
        .withInertia()
        .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
        .fields(orderFields([{ alkes_id: device.id, quantity: 1 }]))
        .redirects(0)
      assert.isTrue(isRedirect(response))
      const latest = await latestOrder()
      numbers.push(latest.number)
    }
    const month = DateTime.now().setZone('Asia/Makassar').toFormat('yyyy/LL')
    const values = numbers.map((number) => {
      const match = number.match(/^DT\/(\d{4}\/\d{2})\/(\d{4})$/)
      assert.isNotNull(match, number)
      assert.equal(match![1], month, number)
      return Number(match![2])
    })
    assert.deepEqual(values, [values[0], values[0] + 1, values[0] + 2])
  })
})

test.group('Internal order | edit and resubmit through the form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a rejected order is fixed by its facility (multipart POST ?_method=PUT, new letter) and waits again', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const first = await makeAlkes({ price: 100_000 })
    const second = await makeAlkes({ price: 250_000 })
    const created = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields([{ alkes_id: first.id, quantity: 2 }]))
      .redirects(0)
    assert.isTrue(isRedirect(created))
    const order = await latestOrder()
    const oldLetter = order.letterPath
    const rejected = await client
      .post(`/internal/${order.id}/confirm/reject`)
      .json({ order_description: 'Lampirkan surat bertanda tangan.' })
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(rejected))
    // The edit form opens for the facility, with its lines.
    const form = await client.get(`/internal/${order.id}/edit`).loginAs(facility).withInertia()
    form.assertStatus(200)
    assert.deepEqual(form.inertiaProps.lines, [
      { alkes_id: first.id, quantity: 2, description: '' },
    ])
    const resubmitted = await client
      .post(`/internal/${order.id}?_method=PUT`)
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(16), { filename: 'surat-ttd.pdf' })
      .fields(
        orderFields([{ alkes_id: second.id, quantity: 1 }], { contact_person_name: 'Andi Baso' })
      )
      .redirects(0)
    assert.isTrue(
      isRedirect(resubmitted),
      `status ${resubmitted.status()} ${errorFields(resubmitted)}`
    )
    assert.equal(resubmitted.header('location'), `/internal/${order.id}/summary`)
    await order.refresh()
    assert.equal(order.status, 'MENUNGGU')
    assert.equal(order.contactPersonName, 'Andi Baso')
    assert.notEqual(order.letterPath, oldLetter)
    const devices = await db.from('order_devices').where('order_id', order.id)
    assert.deepEqual(
      devices.map((d) => [Number(d.alkes_id), Number(d.price)]),
      [[second.id, 250_000]]
    )
    assert.equal(await auditCount(order.id, 'internal.resubmit'), 1)
  })
})

test.group(
  'Internal order | create refuses bad input with a field error and creates nothing',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    async function attempt(
      client: any,
      letter: { buffer: Buffer; filename: string } | null,
      fields: Record<string, string>
    ) {
      const facility = await userByEmail(FACILITY_EMAIL)
      let request = client.post('/internal').loginAs(facility).withCsrfToken().withInertia()
      if (letter) request = request.file('letter', letter.buffer, { filename: letter.filename })
      return request.fields(fields).redirects(0)
    }

    const cases: [string, () => { buffer: Buffer; filename: string } | null][] = [
      ['a missing letter', () => null],
      [
        'a .txt letter',
        () => ({ buffer: Buffer.from('Surat permohonan kalibrasi\n'), filename: 'surat.txt' }),
      ],
      [
        'an .exe renamed to .pdf',
        () => ({
          // "MZ" header of a Windows executable, padded.
          buffer: Buffer.concat([
            Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
            Buffer.alloc(512, 0),
          ]),
          filename: 'surat.pdf',
        }),
      ],
      [
        'a small text file renamed to .pdf',
        () => ({ buffer: Buffer.from('bukan pdf, hanya teks biasa\n'), filename: 'surat.pdf' }),
      ],
      [
        'a text file over 4 KB renamed to .pdf (not a PDF inside)',
        () => ({ buffer: Buffer.from('bukan pdf. '.repeat(800)), filename: 'surat.pdf' }),
      ],
      [
        'a PDF over 5 MB',
        () => ({ buffer: pdfBuffer(5 * 1024 * 1024 + 10), filename: 'surat.pdf' }),
      ],
    ]
    for (const [label, letter] of cases) {
      test(`${label}: error under "letter", no order, no device orders`, async ({
        client,
        assert,
      }) => {
        const device = await makeAlkes()
        const orders = await orderCount()
        const lines = await countRows('order_devices')
        const response = await attempt(
          client,
          letter(),
          orderFields([{ alkes_id: device.id, quantity: 1 }])
        )
        assert.isTrue(isRedirect(response), `status ${response.status()}`)
        assert.isNotEmpty(fieldErrors(response, 'letter'), `errors on: ${errorFields(response)}`)
        assert.equal(await orderCount(), orders)
        assert.equal(await countRows('order_devices'), lines)
      })
    }

    test('the letter error message names the allowed types or the size', async ({
      client,
      assert,
    }) => {
      const device = await makeAlkes()
      const fields = orderFields([{ alkes_id: device.id, quantity: 1 }])
      const wrongType = await attempt(
        client,
        { buffer: Buffer.from('teks'), filename: 'surat.txt' },
        fields
      )
      const tooBig = await attempt(
        client,
        { buffer: pdfBuffer(5 * 1024 * 1024 + 10), filename: 'surat.pdf' },
        fields
      )
      const message = (response: any) => fieldErrors(response, 'letter').join(' ')
      assert.match(message(wrongType), /pdf/i)
      assert.match(message(tooBig), /5\s?mb/i)
    })

    test('the transport name is required unless "Diantar oleh pihak pertama"', async ({
      client,
      assert,
    }) => {
      const device = await makeAlkes()
      const before = await orderCount()
      const response = await attempt(
        client,
        { buffer: pdfBuffer(), filename: 'surat.pdf' },
        orderFields([{ alkes_id: device.id, quantity: 1 }], { delivery_option: 'Via Travel' })
      )
      assert.isNotEmpty(
        fieldErrors(response, 'delivery_travel_name'),
        `errors on: ${errorFields(response)}`
      )
      assert.equal(await orderCount(), before)
    })

    test('quantity outside 1-100, no lines, and a device not offered for incoming service are refused', async ({
      client,
      assert,
    }) => {
      const device = await makeAlkes()
      const onSiteOnly = await makeAlkes({ isInternal: false })
      const before = await orderCount()
      const letter = () => ({ buffer: pdfBuffer(), filename: 'surat.pdf' })
      const zero = await attempt(
        client,
        letter(),
        orderFields([{ alkes_id: device.id, quantity: 0 }])
      )
      assert.isNotEmpty(fieldErrors(zero, 'alkes.0.quantity'), `errors on: ${errorFields(zero)}`)
      const tooMany = await attempt(
        client,
        letter(),
        orderFields([{ alkes_id: device.id, quantity: 101 }])
      )
      assert.isNotEmpty(
        fieldErrors(tooMany, 'alkes.0.quantity'),
        `errors on: ${errorFields(tooMany)}`
      )
      const none = await attempt(client, letter(), orderFields([]))
      assert.isNotEmpty(fieldErrors(none, 'alkes'), `errors on: ${errorFields(none)}`)
      const insitu = await attempt(
        client,
        letter(),
        orderFields([{ alkes_id: onSiteOnly.id, quantity: 1 }])
      )
      assert.isNotEmpty(
        fieldErrors(insitu, 'alkes.0.alkes_id'),
        `errors on: ${errorFields(insitu)}`
      )
      assert.equal(await orderCount(), before)
    })

    test('arrival before delivery is refused', async ({ client, assert }) => {
      const device = await makeAlkes()
      const before = await orderCount()
      const response = await attempt(
        client,
        { buffer: pdfBuffer(), filename: 'surat.pdf' },
        orderFields([{ alkes_id: device.id, quantity: 1 }], {
          delivery_date_estimation: '2027-03-05',
          arrival_date_estimation: '2027-03-04',
        })
      )
      assert.isNotEmpty(
        fieldErrors(response, 'arrival_date_estimation'),
        `errors on: ${errorFields(response)}`
      )
      assert.equal(await orderCount(), before)
    })
  }
)
