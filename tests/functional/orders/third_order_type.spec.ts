import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Order from '#models/order'
import OrderDevice from '#models/order_device'
import CalibratorLoan from '#models/calibrator_loan'
import {
  ORDER_TYPE_INFO,
  ORDER_TYPES,
  orderTypeOf,
  type OrderTypeInfo,
  type OrderWorkflow,
} from '#workflows/order_types'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { nextOrderNumber } from '#services/order_number'
import { orderListQuery } from '#queries/orders/order_list_kit'
import { alkesOptions } from '#queries/orders/alkes_options'
import { alkesList } from '#queries/alkes/alkes_list'
import { billOf } from '#queries/orders/bill'
import { loanView } from '#queries/lending/loan_detail'
import { createLoan } from '#actions/lending/save_loan'
import { offerServices } from '#tests/factories/device_types'
import {
  makeAlkes,
  userByEmail,
  userWithRole,
  FACILITY_EMAIL,
} from '#tests/functional/internal_orders/_support'
import { makeCalibrator } from '#tests/functional/lending/_support'

/**
 * Issue 36, item 1: an order type is one registry entry. A throwaway third type ("Perbaikan",
 * code RP) is registered for this test alone, with its own table and the Alat Datang workflow
 * (a real type brings its own: docs/architecture.md, "A third order type"), and the shared
 * pieces serve it without a change: device types are offered for it, its orders are listed,
 * numbered and billed, and a loan links them.
 */
const REPAIR = 'repair' as never
const REPAIR_INFO: OrderTypeInfo = {
  code: 'RP',
  title: 'Perbaikan',
  listPath: () => '/repair',
  viewPermission: 'internal.view',
  workflow: internalWorkflow as unknown as OrderWorkflow,
  serviceField: 'is_repair',
  appendPage: 'internal/append',
  detailPath: (order) => `/repair/${order.id}`,
  pagePath: (order) => `/repair/${order.id}`,
  formats: {},
}

/** Registers the type; the returned function takes it out again. */
function registerRepair() {
  ;(ORDER_TYPE_INFO as Record<string, OrderTypeInfo>)[REPAIR] = REPAIR_INFO
  ;(ORDER_TYPES as string[]).push(REPAIR)
  return () => {
    delete (ORDER_TYPE_INFO as Record<string, OrderTypeInfo>)[REPAIR]
    ORDER_TYPES.splice(ORDER_TYPES.indexOf(REPAIR), 1)
  }
}

test.group('Order types | a third type is one registry entry', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => registerRepair())

  test('a device type offered for it, its order listed, numbered and billed, and linked to a loan', async ({
    assert,
  }) => {
    // The type's own table (its migration, in a real type), rolled back with the test.
    await db.rawQuery('CREATE TABLE repair_orders (order_id INTEGER PRIMARY KEY)')
    const facility = await userByEmail(FACILITY_EMAIL)
    const admin = await userWithRole('admin_pk')

    // Offered: the device type's services are rows, a third type's among them.
    const alkes = await makeAlkes({ price: 200_000 })
    await offerServices(alkes, ['internal', REPAIR])
    const options = await alkesOptions(REPAIR)
    assert.include(
      options.map((option) => option.id),
      alkes.id
    )
    const [listed] = await alkesList.query({}).where('id', alkes.id)
    const row = alkesList.row(listed) as Record<string, unknown>
    assert.equal(row.is_repair, true)
    assert.equal(row.formatted_is_repair, 'Ya')

    // Numbered by its code, listed by the shared order list.
    const number = await nextOrderNumber(orderTypeOf({ type: REPAIR }).code)
    assert.match(number, /^RP\/\d{4}\/\d{2}\/\d{4}$/)
    const order = await Order.create({
      type: REPAIR,
      number,
      status: 'MENUNGGU',
      userId: facility.id,
      fasyankesId: facility.fasyankesId!,
      deviceCount: 2,
      totalPrice: 400_000,
    })
    await db.table('repair_orders').insert({ order_id: order.id })
    for (let i = 0; i < 2; i++) {
      await OrderDevice.create({
        orderId: order.id,
        lab: 'pk',
        alkesId: alkes.id,
        price: alkes.price,
        minuteEstimation: alkes.minuteEstimation,
        status: 'BELUM SELESAI',
      })
    }
    const rows = await orderListQuery(REPAIR, {}, admin)
    assert.deepEqual(
      rows.map((listedOrder) => listedOrder.number),
      [number]
    )

    // Billed by the shared bill: its device lines.
    const bill = await billOf(order)
    assert.equal(bill.total, 400_000)
    assert.deepEqual(
      bill.lines.map((line) => [line.quantity, line.amount]),
      [[2, 400_000]]
    )

    // Linked to a loan as `{ id, type }`, shown under its type's title.
    const pk = await makeCalibrator('PK')
    const yantek = await userWithRole('yantek')
    const head = await userWithRole('head_of_pk_laboratory')
    const loan = await createLoan(
      { user: yantek, ip: '127.0.0.1' },
      {
        calibrators: [{ id: pk.id, condition: 'Good' }],
        loan_description: 'Perbaikan di lokasi',
        planned_return_date: DateTime.now().plus({ days: 3 }).toJSDate(),
        pk_officer: head.id,
        orders: [{ id: order.id, type: REPAIR }],
      }
    )
    const view = await loanView(await CalibratorLoan.findOrFail(loan.id))
    const linkedRepairs = view.linked_orders.find((entry) => entry.type === REPAIR)!
    assert.equal(linkedRepairs.label, 'Order Perbaikan')
    assert.deepEqual(
      linkedRepairs.orders.map((linked) => linked.number),
      [number]
    )
  })
})
