import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import labConfig from '#config/lab'
import {
  FACILITY_EMAIL,
  countRows,
  makeAlkes,
  makeOrder,
  orderFields,
  orderJson,
  pdfBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { onSiteAlkes, request } from '#tests/functional/insitu_orders/_support'

/**
 * Issue 33, point 1: one facility's request of 200 lines × 100 wrote 20,000 device lines in one
 * request and held every other writer for 38 s. An order holds at most ORDER_MAX_DEVICES (500)
 * devices, the sum of its lines' quantities over every lab; a bigger request is refused with
 * the limit named, before its letter is stored, and changes nothing.
 */

/** The letters stored so far (the test run's own storage folder). */
async function storedLetters() {
  const folder = join(process.env.STORAGE_PATH!, 'letters')
  return readdir(folder).then(
    (names) => names.length,
    () => 0
  )
}

function refusal(response: { flashMessages(): Record<string, any>; status(): number }) {
  const error = response.flashMessages().error
  return typeof error === 'string' ? error : `status ${response.status()}, no error message`
}

const deviceCount = (orderId: number) => countRows('order_devices', { order_id: orderId })

test.group('Orders | the size of one order', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('200 lines of 100 devices are refused naming the limit; nothing is written, no letter stored', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const before = {
      orders: await countRows('orders'),
      lines: await countRows('order_devices'),
      letters: await storedLetters(),
    }
    const lines = Array.from({ length: 200 }, () => ({ alkes_id: alkes.id, quantity: 100 }))
    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields(lines))
      .redirects(0)

    assert.include(refusal(response), 'paling banyak 500 alat')
    assert.include(refusal(response), '20000 alat')
    assert.deepEqual(
      {
        orders: await countRows('orders'),
        lines: await countRows('order_devices'),
        letters: await storedLetters(),
      },
      before
    )
  })

  test('exactly the limit is accepted and written as that many lines', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes({ price: 100_000 })
    const lines = Array.from({ length: 5 }, () => ({ alkes_id: alkes.id, quantity: 100 }))
    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields(lines))
      .redirects(0)

    assert.equal(response.status(), 302, refusal(response))
    const order = await db.from('orders').orderBy('id', 'desc').first()
    assert.equal(await deviceCount(order.id), 500)
    assert.equal(Number(order.device_count), 500)
    assert.equal(Number(order.total_price), 50_000_000)
  })

  test('the limit is a setting: a lab that raises it takes bigger orders', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const lines = [{ alkes_id: alkes.id, quantity: 3 }]
    const previous = labConfig.maxOrderDevices
    labConfig.maxOrderDevices = 2
    try {
      const refused = await client
        .post('/internal')
        .loginAs(facility)
        .withCsrfToken()
        .withInertia()
        .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
        .fields(orderFields(lines))
        .redirects(0)
      assert.include(refusal(refused), 'paling banyak 2 alat')
    } finally {
      labConfig.maxOrderDevices = previous
    }
  })

  test('adding devices to an order counts the lines it already has', async ({ client, assert }) => {
    const { order } = await makeOrder({ status: 'PROSES PENGERJAAN' })
    const alkes = await makeAlkes()
    const had = await deviceCount(order.id)
    const yantek = await userWithRole('yantek')
    const send = (quantities: number[]) =>
      client
        .post(`/internal/${order.id}/append`)
        .json({ alkes: quantities.map((quantity) => ({ alkes_id: alkes.id, quantity })) })
        .loginAs(yantek)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const refused = await send([100, 100, 100, 100, 100])
    assert.include(refusal(refused), `${had} alat yang sudah ada ditambah 500 alat baru`)
    assert.equal(await deviceCount(order.id), had)

    const fitting = await send([100, 100, 100, 100, 100 - had])
    assert.equal(fitting.status(), 302)
    assert.equal(await deviceCount(order.id), 500)
  })

  test('an edited request may not grow past the limit either; its lines stay as they were', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const alkes = await makeAlkes()
    const had = await deviceCount(order.id)
    const response = await client
      .put(`/internal/${order.id}`)
      .json(
        orderJson(
          [{ alkes_id: alkes.id, quantity: 100 }].concat(
            Array.from({ length: 5 }, () => ({ alkes_id: alkes.id, quantity: 100 }))
          )
        )
      )
      .loginAs(await userByEmail(FACILITY_EMAIL))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(refusal(response), 'paling banyak 500 alat')
    assert.equal(await deviceCount(order.id), had)
  })

  test('an on-site request counts the devices of every lab together', async ({
    client,
    assert,
  }) => {
    const pk = await onSiteAlkes('PK', 60, 100_000)
    const ukpr = await onSiteAlkes('UKPR', 60, 100_000)
    const sarpras = await onSiteAlkes('SARPRAS', 60, 100_000)
    const before = await countRows('orders')
    const response = await request(client, {
      pk: [
        { alkes_id: pk.id, quantity: 100 },
        { alkes_id: pk.id, quantity: 100 },
      ],
      ukpr: [
        { alkes_id: ukpr.id, quantity: 100 },
        { alkes_id: ukpr.id, quantity: 100 },
      ],
      sarpras: [
        { alkes_id: sarpras.id, quantity: 100 },
        { alkes_id: sarpras.id, quantity: 100 },
      ],
    })
    assert.include(refusal(response), 'paling banyak 500 alat')
    assert.include(refusal(response), '600 alat')
    assert.equal(await countRows('orders'), before)
  })
})
