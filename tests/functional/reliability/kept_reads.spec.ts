import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import {
  STATUSES,
  MATRIX_ROLES,
  makeAlkes,
  makeOrder,
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
import { INSITU_STATUSES } from '#workflows/insitu_order_workflow'
import { keepReadsFor, keptResult } from '#lists/kept_reads'
import { writtenTable, withTriggered } from '#database/committed_writes'

/**
 * Issue 34: a write forgets only what it changed, and only once it committed. With the lists'
 * kept reads switched on (as in the web server), every kind of order write is made after the
 * lists were read, then each list's total and first page are compared with a fresh reading
 * (nothing kept). A write that rolls back forgets nothing; a write to another register forgets
 * no order count. Outside a global transaction: the writes must really commit.
 */

/** The lists staff read most, with the filters whose counts are kept. */
const LISTS = [
  '/internal/datatable?limit=10',
  '/internal/datatable?limit=10&status=MENUNGGU',
  '/internal/datatable?limit=10&status=PROSES%20PENGERJAAN',
  '/internal/datatable?limit=10&status=SELESAI',
  '/internal/datatable?limit=10&search=fx',
  '/insitu/datatable?limit=10',
  '/insitu/datatable?limit=10&status=DALAM%20PROSES',
  '/insitu/datatable?limit=10&search=fx',
  '/fasyankes/inventory/datatable?limit=10',
]

interface Reading {
  total: unknown
  ids: unknown[]
}

async function readLists(client: ApiClient, user: User) {
  const readings: Record<string, Reading> = {}
  for (const url of LISTS) {
    const response = await client.get(url).loginAs(user).header('accept', 'application/json')
    const body = response.body()
    readings[url] = {
      total: body.total,
      ids: (body.data ?? []).map((row: { id?: unknown; number?: unknown }) => row.id ?? row.number),
    }
  }
  return readings
}

/** The lists as kept now, and as read afresh: they must agree. */
async function keptAndFresh(client: ApiClient, user: User) {
  const kept = await readLists(client, user)
  const previous = keepReadsFor(0)
  try {
    return { kept, fresh: await readLists(client, user) }
  } finally {
    keepReadsFor(previous)
  }
}

const created = { orders: 0 }

test.group('Kept reads | a list after each kind of order write', (group) => {
  let previous = 0
  group.setup(() => {
    previous = keepReadsFor(5000)
    return () => {
      keepReadsFor(previous)
    }
  })
  group.each.setup(async () => {
    const row = await db.from('orders').max('id as id').first()
    created.orders = Number(row?.id ?? 0)
  })
  group.each.teardown(async () => {
    for (const table of ['insitu_team_members', 'insitu_team_dates', 'calibrator_loan_orders'])
      await db.from(table).where('order_id', '>', created.orders).delete()
    await db.from('orders').where('id', '>', created.orders).delete()
  })
  group.each.timeout(60_000)

  for (const [name, action] of Object.entries(INTERNAL_CASES)) {
    test(`Alat Datang: ${name}`, async ({ client, assert }) => {
      const status = STATUSES.find((s) => MATRIX_ROLES.some((role) => action.allowed(s, role)))!
      const role = MATRIX_ROLES.find((r) => action.allowed(status, r))!
      const user = await userWithRole(role)
      const reader = await userWithRole('admin_pk')
      const officer = await userWithRole('officer_pk')
      const alkes = await makeAlkes()
      const fixture = await makeOrder({
        status,
        alkes,
        ...action.fixture,
        ...(action.assignOfficer ? { officerId: officer.id } : {}),
      })
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
      const ctx = {
        fixture,
        user,
        alkes,
        officer,
        otherOfficer: await userByEmail('budi.santoso@kalibra.test'),
        admin: reader,
        labelId: Number(firstLabel.id),
      }
      await action.prepare?.(ctx)
      await readLists(client, reader)
      await action.send(client, ctx).loginAs(user).withCsrfToken().withInertia().redirects(0)
      const { kept, fresh } = await keptAndFresh(client, reader)
      assert.deepEqual(kept, fresh)
    })
  }

  for (const [name, action] of Object.entries(INSITU_CASES)) {
    test(`Insitu: ${name}`, async ({ client, assert }) => {
      const status = INSITU_STATUSES.find((s) => INSITU_ROLES.some((r) => action.allowed(s, r)))!
      const role = INSITU_ROLES.find((r) => action.allowed(status, r))!
      const user = await userWithRole(role)
      const reader = await userWithRole('admin_pk')
      const alkes = await onSiteAlkes('PK', 60, 200_000)
      const [leader, newLeader, member] = await Promise.all(
        [TEAM_LEADER_EMAIL, 'budi.santoso@kalibra.test', TEAM_MEMBER_EMAIL].map(userByEmail)
      )
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
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
      await readLists(client, reader)
      await action.send(client, ctx).loginAs(user).withCsrfToken().withInertia().redirects(0)
      const { kept, fresh } = await keptAndFresh(client, reader)
      assert.deepEqual(kept, fresh)
    })
  }
})

test.group('Kept reads | what a write forgets', (group) => {
  let previous = 0
  group.setup(() => {
    previous = keepReadsFor(5000)
    return () => {
      keepReadsFor(previous)
    }
  })

  /** A kept count of the orders: how many times it was really read. */
  function orderCount() {
    let reads = 0
    const query = db.from('orders').where('status', 'MENUNGGU').count('* as n')
    return {
      read: () =>
        keptResult(query, async () => {
          reads++
          const row = await query.clone().first()
          return Number(row?.n ?? 0)
        }),
      reads: () => reads,
    }
  }

  test('a write that rolls back, and a write to another register, forget nothing', async ({
    assert,
  }) => {
    const counted = orderCount()
    await counted.read()
    await db
      .transaction(async (trx) => {
        await trx.from('orders').where('id', -1).update({ status: 'MENUNGGU' })
        throw new Error('undone')
      })
      .catch(() => {})
    await db.table('holidays').insert({ date: '2099-11-11', name: 'Uji', source: 'lab' })
    await db.from('holidays').where('date', '2099-11-11').delete()
    await counted.read()
    assert.equal(counted.reads(), 1)
  })

  test('a committed write to a device line forgets the order counts (its trigger writes the order)', async ({
    assert,
  }) => {
    const counted = orderCount()
    await counted.read()
    const { devices } = await makeOrder({ status: 'MENUNGGU' })
    const before = counted.reads()
    await counted.read()
    assert.equal(counted.reads(), before + 1)
    await counted.read()
    await db.transaction((trx) =>
      trx.from('order_devices').where('id', devices[0].id).update({ serial_number: 'SN-KEPT' })
    )
    await counted.read()
    assert.equal(counted.reads(), before + 2)
  })

  test('the tables a statement writes, and those its triggers write with them', ({ assert }) => {
    assert.equal(writtenTable('insert into "order_devices" ("a") values ($1)'), 'order_devices')
    assert.equal(writtenTable('UPDATE `orders` SET `status` = ?'), 'orders')
    assert.equal(writtenTable('delete from "sessions" where "id" = $1'), 'sessions')
    assert.isNull(writtenTable('select * from "orders"'))
    assert.includeMembers(
      [...withTriggered(['order_devices'])],
      ['order_devices', 'orders', 'order_counts', 'orders_search']
    )
    assert.sameMembers([...withTriggered(['holidays'])], ['holidays'])
  })
})
