import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import config from '#config/notifications'
import type User from '#models/user'
import { FakeTelegram } from '#tests/helpers/fake_telegram'
import { deliverDue, MAX_ATTEMPTS } from '#notifications/outbox'
import lab from '#config/lab'
import { createInternalOrder } from '#actions/internal/submit_order'
import { confirmOrder } from '#actions/internal/confirm_order'
import { receiveEquipment } from '#actions/internal/receive_equipment'
import { assignOfficers } from '#actions/internal/assign_officers'
import { handOver } from '#actions/internal/hand_over'
import { confirmPayment, updateInvoice } from '#actions/orders/invoices'
import { orderNews } from '#notifications/order_news'
import { formatRupiah } from '#services/format'
import {
  HANDOVER_PAYLOAD,
  makeAlkes,
  makeOrder,
  receivePayload,
  statusOf,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

const actorOf = (user: User) => ({ user, ip: '127.0.0.1' })

/** A request as the validated form gives it: one line of `quantity` devices of a fresh type. */
async function request(quantity: number) {
  const alkes = await makeAlkes()
  return {
    delivery_date_estimation: new Date('2027-03-01'),
    arrival_date_estimation: new Date('2027-03-01'),
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    delivery_option: 'Diantar oleh pihak pertama',
    service_type: 'Reguler',
    alkes: [{ alkes_id: alkes.id, quantity }],
  }
}

/** Staff holding any of the roles, by id (the recipients the rules name). */
async function staffIds(roles: string[]) {
  const rows = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .whereIn('r.role', roles)
    .whereNull('u.fasyankes_id')
    .distinct('u.id')
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

async function noticesTitled(title: string) {
  const rows = await db.from('notices').where('title', title).orderBy('user_id')
  return rows.map((row) => Number(row.user_id))
}

/**
 * Issue 17, point 2 and 4: what each event sends, to whom, by which channel; a failing
 * Telegram never breaks the action and is retried with back-off.
 */
test.group('Notifications | who is told what', (group) => {
  let telegram: FakeTelegram
  let fake: ReturnType<typeof mail.fake>
  const savedMail = { ...config.mail }
  group.each.setup(async () => {
    telegram = await new FakeTelegram().start()
    telegram.use()
    config.mail.host = 'smtp.kalibra.test'
    fake = mail.fake()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      mail.restore()
      Object.assign(config.mail, savedMail)
      await telegram.stop()
    }
  })

  test('a new request: a notice to every yantek and admin_pk, by Telegram where linked and by e-mail otherwise', async ({
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    await db.from('users').where('id', yantek.id).update({ telegram_chat_id: '9001' })
    const facility = await userWithRole('fasyankes')
    const order = await createInternalOrder(
      actorOf(facility),
      facility.fasyankesId!,
      await request(2)
    )
    const staff = await staffIds(['yantek', 'admin_pk'])
    const title = `Permintaan baru ${order.number}`
    assert.deepEqual(await noticesTitled(title), staff)
    const outbox = await db.from('outbox_messages').where('subject', title).orderBy('user_id')
    assert.deepEqual(
      outbox.map((row) => [Number(row.user_id), row.channel]),
      staff.map((id) => [id, id === yantek.id ? 'telegram' : 'email'])
    )

    const outcome = await deliverDue()
    assert.equal(outcome.sent, staff.length)
    assert.lengthOf(telegram.sentTo(9001), 1)
    assert.include(telegram.sentTo(9001)[0].text, order.number)
    assert.include(telegram.sentTo(9001)[0].text, `/internal/${order.id}/detail`)
    const emails = fake.messages.sent()
    assert.lengthOf(emails, staff.length - 1)
    const admin = await userWithRole('admin_pk')
    assert.isTrue(emails.some((message) => message.hasTo(admin.email)))
    // Issue 35, item 15: an HTML part beside the text: the letterhead, the news, a button.
    const sent = emails.find((message) => message.hasTo(admin.email))!.toJSON().message
    assert.include(String(sent.text), order.number)
    const html = String(sent.html)
    assert.include(html, lab.name)
    assert.include(
      html,
      `<h1 style="margin:0 0 16px;font-size:18px;line-height:1.4;">${title}</h1>`
    )
    assert.match(
      html,
      new RegExp(`<a href="[^"]*/internal/${order.id}/detail"[^>]*>Buka di Kalibra</a>`)
    )
    assert.isFalse(emails.some((message) => message.hasTo(yantek.email)))
    assert.isFalse(
      emails.some((message) => message.hasTo(facility.email)),
      'not the sender'
    )
    // Delivered once: another run sends nothing again.
    assert.deepEqual(await deliverDue(), { sent: 0, retried: 0, failed: 0, givenBack: 0 })
  })

  test('approval: the facility hears its order was accepted; the staff who receive it next are asked', async ({
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const yantek = await userWithRole('yantek')
    await confirmOrder(actorOf(yantek), order, 'approve', 'Silakan kirim alat.')
    const facility = await userWithRole('fasyankes')
    const facilityUsers = await db.from('users').where('fasyankes_id', facility.fasyankesId!)
    assert.deepEqual(
      await noticesTitled(`${order.number}: ORDER DITERIMA`),
      facilityUsers.map((row) => Number(row.id)).sort((a, b) => a - b)
    )
    // "Terima alat" waits in ORDER DITERIMA for yantek and admin_pk; yantek approved it himself.
    const staff = await staffIds(['yantek', 'admin_pk'])
    const receivers = staff.filter((id) => id !== yantek.id)
    assert.deepEqual(await noticesTitled(`Terima alat: ${order.number}`), receivers)
    const emails = await db
      .from('outbox_messages')
      .where('subject', `${order.number}: ORDER DITERIMA`)
      .where('channel', 'email')
    assert.deepEqual(
      emails.map((row) => row.address),
      facilityUsers.map((row) => row.email)
    )
  })

  test('the rest of an order: receiving, officers, hand-over (feedback asked), invoice issued, payment confirmed', async ({
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA', devices: 1 })
    const [yantek, admin, treasurer, officer] = await Promise.all([
      userWithRole('yantek'),
      userWithRole('admin_pk'),
      userWithRole('treasurer'),
      userWithRole('officer_pk'),
    ])
    const received = receivePayload(devices, yantek.id)
    await receiveEquipment(actorOf(yantek), order, {
      ...received,
      received_date: new Date('2027-03-01'),
      done_estimation_date: new Date('2027-03-05'),
    } as any)
    const facilityLogins = await db
      .from('users')
      .where('fasyankes_id', order.fasyankesId)
      .orderBy('id')
      .then((rows) => rows.map((row) => Number(row.id)))
    assert.deepEqual(await noticesTitled(`${order.number}: ALAT DITERIMA`), facilityLogins)
    assert.deepEqual(
      await noticesTitled(`Pilih petugas: ${order.number}`),
      await staffIds(['admin_pk'])
    )

    await assignOfficers(actorOf(admin), order, [
      { internal_alkes_order_id: devices[0].id, bpfk_user_id: officer.id },
    ])
    const staff = await staffIds(['yantek', 'admin_pk'])
    const handers = staff.filter((id) => id !== admin.id)
    assert.deepEqual(await noticesTitled(`Serah terima alat: ${order.number}`), handers)

    await db.from('order_devices').where('id', devices[0].id).update({ status: 'SELESAI' })
    await handOver(actorOf(yantek), order, HANDOVER_PAYLOAD)
    const [feedback] = await db.from('notices').where('title', `${order.number}: MENUNGGU FEEDBACK`)
    assert.include(feedback.body, 'kuesioner umpan balik')

    await updateInvoice(actorOf(treasurer), order, {
      first_date: new Date('2027-03-10'),
      number: 'TAG/UJI/1',
    })
    const [issued] = await db.from('notices').where('title', `Tagihan ${order.number} diterbitkan`)
    assert.equal(issued.href, `/internal/${order.id}/invoice`)
    await confirmPayment(actorOf(treasurer), order, new Date('2027-03-12'))
    assert.deepEqual(await noticesTitled(`Pembayaran ${order.number} dikonfirmasi`), facilityLogins)
  })

  test("an action's own news, word for word: a new request, an invoice issued (once a stage is), a payment proof, a payment confirmed; never to the actor", async ({
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 2 })
    const [yantek, treasurer] = await Promise.all([
      userWithRole('yantek'),
      userWithRole('treasurer'),
    ])
    const facilityName = await db
      .from('fasyankes')
      .where('id', order.fasyankesId)
      .first()
      .then((row) => row.fasyankes_name as string)
    const facilityLogins = await db
      .from('users')
      .where('fasyankes_id', order.fasyankesId)
      .orderBy('id')
      .then((rows) => rows.map((row) => Number(row.id)))
    const told = (action: string, actorId: number) =>
      db.transaction((trx) => orderNews(trx, actorId, order, { action, moved: null }))
    const notice = async (title: string) => {
      const rows = await db.from('notices').where('title', title).orderBy('user_id')
      return {
        to: rows.map((row) => Number(row.user_id)),
        bodies: [...new Set(rows.map((row) => row.body))],
        hrefs: [...new Set(rows.map((row) => row.href))],
      }
    }

    await told('create', yantek.id)
    const staff = await staffIds(['yantek', 'admin_pk'])
    assert.deepEqual(await notice(`Permintaan baru ${order.number}`), {
      to: staff.filter((id) => id !== yantek.id),
      bodies: [
        `${facilityName} mengajukan permintaan Alat Datang (2 alat, ${formatRupiah(order.totalPrice)}).`,
      ],
      hrefs: [`/internal/${order.id}/detail`],
    })

    // No stage issued yet: the facility is not told of an invoice.
    await told('invoice_update', treasurer.id)
    const early = await notice(`Tagihan ${order.number} diterbitkan`)
    assert.deepEqual(early.to, [])
    await db.from('orders').where('id', order.id).update({ invoice_stage: 1 })
    await told('invoice_update', treasurer.id)
    assert.deepEqual(await notice(`Tagihan ${order.number} diterbitkan`), {
      to: facilityLogins,
      bodies: [
        `Tagihan tahap 1 untuk ${order.number} sudah diterbitkan. Unggah bukti pembayaran pada halaman Tagihan.`,
      ],
      hrefs: [`/internal/${order.id}/invoice`],
    })

    await told('invoice_payment', facilityLogins[0])
    assert.deepEqual(await notice(`Bukti pembayaran ${order.number}`), {
      to: await staffIds(['treasurer']),
      bodies: [
        `${facilityName} mengunggah bukti pembayaran ${order.number}; mohon diperiksa dan dikonfirmasi.`,
      ],
      hrefs: [`/internal/${order.id}/invoice`],
    })

    await told('invoice_confirm', treasurer.id)
    assert.deepEqual(await notice(`Pembayaran ${order.number} dikonfirmasi`), {
      to: facilityLogins,
      bodies: [
        `Bendahara laboratorium sudah mengonfirmasi pembayaran ${order.number}. Terima kasih.`,
      ],
      hrefs: [`/internal/${order.id}/invoice`],
    })

    // A step without news of its own (and no move) tells no one.
    const before = await db.from('notices').count('* as total').first()
    await told('folder', yantek.id)
    assert.deepEqual(await db.from('notices').count('* as total').first(), before)
  })

  test('a rejection tells the facility why, linking its own order page', async ({ assert }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    await confirmOrder(
      actorOf(await userWithRole('admin_pk')),
      order,
      'reject',
      'Surat permohonan belum ditandatangani.'
    )
    const [notice] = await db.from('notices').where('title', `${order.number}: DITOLAK`)
    assert.include(notice.body, 'Surat permohonan belum ditandatangani.')
    assert.equal(notice.href, `/internal/${order.id}/summary`, "the facility's page of the order")
  })

  test('a Telegram that fails never breaks the action; the message is retried with back-off, then sent', async ({
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    await db.from('users').where('id', yantek.id).update({ telegram_chat_id: '9002' })
    telegram.failing = true
    const facility = await userWithRole('fasyankes')
    const order = await createInternalOrder(
      actorOf(facility),
      facility.fasyankesId!,
      await request(1)
    )
    assert.equal(await statusOf(order.id), 'MENUNGGU', 'the request itself is saved')
    const outcome = await deliverDue()
    assert.equal(outcome.retried, 1)
    const [message] = await db.from('outbox_messages').where('channel', 'telegram')
    assert.equal(message.status, 'pending')
    assert.equal(Number(message.attempts), 1)
    assert.match(message.last_error, /500|Internal/)
    assert.notInclude(message.last_error, '123456:TEST-token', 'the token is not kept')
    // Not due again before its wait is over (30 s after the first failure).
    const early = await deliverDue()
    assert.equal(early.retried, 0)

    telegram.failing = false
    const later = await deliverDue({ now: DateTime.utc().plus({ seconds: 31 }) })
    assert.equal(later.sent, 1)
    assert.lengthOf(telegram.sentTo(9002), 1)
  })

  test(`a message still failing after ${MAX_ATTEMPTS} attempts is marked failed, for the admins to see and resend`, async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    await db.from('users').where('id', yantek.id).update({ telegram_chat_id: '9003' })
    telegram.failing = true
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    await confirmOrder(actorOf(await userWithRole('admin_pk')), order, 'approve', 'Diterima.')
    let now = DateTime.utc()
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await deliverDue({ now })
      now = now.plus({ hours: 7 })
    }
    const [failed] = await db.from('outbox_messages').where('address', '9003')
    assert.equal(failed.status, 'failed')
    assert.equal(Number(failed.attempts), MAX_ATTEMPTS)

    const admin = await userWithRole('admin_pk')
    const page = await client
      .get('/notifications/outbox?status=failed')
      .loginAs(admin)
      .withInertia()
    page.assertStatus(200)
    const listed = (page.inertiaProps as any).messages.map((row: any) => row.id)
    assert.include(listed, Number(failed.id))
    const officer = await client
      .get('/notifications/outbox')
      .loginAs(await userWithRole('officer_pk'))
      .withInertia()
    officer.assertStatus(403)

    telegram.failing = false
    await client
      .post(`/notifications/outbox/${failed.id}/resend`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
    const resent = await deliverDue()
    assert.equal(resent.sent, 1)
    assert.lengthOf(telegram.sentTo(9003), 1)
  })
})
