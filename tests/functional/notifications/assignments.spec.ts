import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import config from '#config/notifications'
import type User from '#models/user'
import { assignOfficers } from '#actions/internal/assign_officers'
import { awaitApproval } from '#actions/orders/certificates'
import {
  isRedirect,
  makeOrder,
  receivePayload,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { inProgressRequest } from '#tests/functional/insitu_orders/_support'
import { receiveEquipment } from '#actions/internal/receive_equipment'

const actorOf = (user: User) => ({ user, ip: '127.0.0.1' })

/** Two officers of the PK lab, by id. */
async function pkOfficers() {
  const rows = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .where('r.role', 'officer_pk')
    .whereNull('u.fasyankes_id')
    .distinct('u.id')
    .orderBy('u.id')
  return rows.map((row) => Number(row.id))
}

async function noticesOf(userId: number, title: string) {
  return db.from('notices').where('user_id', userId).where('title', title).orderBy('id')
}

async function messagesOf(userId: number, subject: string) {
  return db.from('outbox_messages').where('user_id', userId).where('subject', subject)
}

/**
 * Issue 35, point 9: the people given work are told, once, through the notices and the outbox;
 * a certificate notice names the devices and is one per order, not one per device.
 */
test.group('Notifications | assignees and grouped certificate notices', (group) => {
  const savedMail = { ...config.mail }
  group.each.setup(async () => {
    // E-mail on, so each notice has its outbox message (no Telegram bot in tests).
    config.mail.host = 'smtp.kalibra.test'
    mail.fake()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      mail.restore()
      Object.assign(config.mail, savedMail)
    }
  })

  test("admin_pk's officers are told which devices are theirs; re-assigning the same person tells no one again", async ({
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA', devices: 2 })
    const admin = await userWithRole('admin_pk')
    await receiveEquipment(actorOf(admin), order, {
      ...receivePayload(devices, admin.id),
      received_date: new Date('2027-03-01'),
      done_estimation_date: new Date('2027-03-05'),
    } as any)
    const [first, second] = await pkOfficers()
    const lineRows = await db.from('order_devices').where('order_id', order.id).orderBy('id')
    const serials = lineRows.map((row) => row.serial_number as string)
    const title = `Tugas kalibrasi: ${order.number}`

    await assignOfficers(actorOf(admin), order, [
      { internal_alkes_order_id: devices[0].id, bpfk_user_id: first },
      { internal_alkes_order_id: devices[1].id, bpfk_user_id: first },
    ])
    const told = await noticesOf(first, title)
    assert.lengthOf(told, 1)
    assert.include(told[0].body, `SN ${serials[0]}`)
    assert.include(told[0].body, `SN ${serials[1]}`)
    assert.include(told[0].body, '2 alat')
    assert.equal(told[0].href, `/internal/${order.id}/worksheet`)
    const [mailed] = await messagesOf(first, title)
    assert.equal(mailed.channel, 'email')
    assert.include(mailed.body, `SN ${serials[0]}`)
    assert.lengthOf(await noticesOf(admin.id, title), 0)

    // The second line moves to another officer: only they are told, of that line alone.
    await assignOfficers(actorOf(admin), order, [
      { internal_alkes_order_id: devices[0].id, bpfk_user_id: first },
      { internal_alkes_order_id: devices[1].id, bpfk_user_id: second },
    ])
    assert.lengthOf(await noticesOf(first, title), 1)
    assert.lengthOf(await messagesOf(first, title), 1)
    const secondTold = await noticesOf(second, title)
    assert.lengthOf(secondTold, 1)
    assert.include(secondTold[0].body, `SN ${serials[1]}`)
    assert.notInclude(secondTold[0].body, `SN ${serials[0]}`)

    // The same assignment saved again tells no one.
    await assignOfficers(actorOf(admin), order, [
      { internal_alkes_order_id: devices[0].id, bpfk_user_id: first },
      { internal_alkes_order_id: devices[1].id, bpfk_user_id: second },
    ])
    assert.lengthOf(await noticesOf(first, title), 1)
    assert.lengthOf(await noticesOf(second, title), 1)
    assert.lengthOf(await messagesOf(second, title), 1)
  })

  test("an on-site team's leader and members are told their place and dates, each once", async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    const head = await userWithRole('head_of_pk_laboratory')
    const leader = await userByEmail('budi.santoso@kalibra.test')
    const member = await userByEmail('indah.lestari@kalibra.test')
    const officers = await pkOfficers()
    const others = officers.filter((id) => id !== leader.id && id !== member.id)
    const title = `Tugas tim PK: ${order.number}`
    const save = async (members: number[]) => {
      const response = await client
        .put(`/insitu/${order.id}/officer`)
        .loginAs(head)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
        .json({
          leader: leader.id,
          member: members,
          dates: [{ start_date: '2026-12-01', end_date: '2026-12-03' }],
        })
      assert.isTrue(isRedirect(response))
      assert.isUndefined(response.flashMessages().error)
    }

    await save([member.id])
    const [leaderNotice, ...moreLeader] = await noticesOf(leader.id, title)
    assert.lengthOf(moreLeader, 0)
    assert.include(leaderNotice.body, 'sebagai ketua tim PK')
    assert.match(leaderNotice.body, /1 Des(ember)? 2026 s\.d\. 3 Des(ember)? 2026/)
    assert.equal(leaderNotice.href, `/insitu/${order.id}/detail`)
    const [memberNotice] = await noticesOf(member.id, title)
    assert.include(memberNotice.body, 'sebagai anggota tim PK')
    assert.lengthOf(await messagesOf(member.id, title), 1)
    assert.lengthOf(await noticesOf(head.id, title), 0)

    // Saved again with one more member: only the newcomer is told.
    await save([member.id, others[0]])
    assert.lengthOf(await noticesOf(leader.id, title), 1)
    assert.lengthOf(await noticesOf(member.id, title), 1)
    assert.lengthOf(await messagesOf(member.id, title), 1)
    assert.lengthOf(await noticesOf(others[0], title), 1)
  })

  test("the head is told of an order's waiting certificates once, naming each device and serial", async ({
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 3 })
    const officer = await userByEmail('officer_pk@kalibra.test')
    const head = await userWithRole('head_of_pk_laboratory')
    const title = `Sertifikat menunggu persetujuan: ${order.number}`
    for (const device of devices.slice(0, 2)) {
      await db.transaction((trx) => awaitApproval(trx, order, device, officer, null))
    }
    const notices = await noticesOf(head.id, title)
    assert.lengthOf(notices, 1)
    assert.include(notices[0].body, 'Sertifikat 2 alat')
    assert.include(notices[0].body, `SN ${devices[0].serialNumber}`)
    assert.include(notices[0].body, `SN ${devices[1].serialNumber}`)
    const alkes = await db.from('alkes').where('id', devices[0].alkesId).first()
    assert.include(notices[0].body, `${alkes.name} SN ${devices[0].serialNumber}`)
    // The message not yet sent says the same: one, rewritten.
    const messages = await messagesOf(head.id, title)
    assert.lengthOf(messages, 1)
    assert.equal(messages[0].body, notices[0].body)

    // Once read, the next certificate is news again, listing what still waits.
    await db.from('notices').where('id', notices[0].id).update({ read_at: new Date() })
    await db.transaction((trx) => awaitApproval(trx, order, devices[2], officer, null))
    const after = await noticesOf(head.id, title)
    assert.lengthOf(after, 2)
    assert.include(after[1].body, 'Sertifikat 3 alat')
    assert.include(after[1].body, `SN ${devices[2].serialNumber}`)
  })
})
