import { test } from '@japa/runner'
import { FAKE_BOT, FAKE_TOKEN, FakeTelegram } from '#tests/helpers/fake_telegram'
import {
  letterPdf,
  requestOrder,
  sharedThrowawayDatabase,
  signedIn,
  startServer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

/** Waits until `check` holds, asking every 200 ms, for at most `seconds`. */
async function eventually(check: () => boolean | Promise<boolean>, seconds = 30) {
  const until = Date.now() + seconds * 1000
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/**
 * Issue 17 end to end, as the lab runs it: the production server (two workers) reads the bot's
 * updates from a Telegram Bot API (a local one here) and delivers its outbox by itself. A staff
 * member links their chat with the deep link; a facility's new request then reaches that chat,
 * once, although both workers deliver.
 */
test.group('Notifications | the server delivers', (group) => {
  let throwaway: Throwaway
  let server: RunningServer
  let telegram: FakeTelegram

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    telegram = await new FakeTelegram().start()
    server = await startServer(throwaway, {
      workers: 2,
      env: {
        TELEGRAM_BOT_TOKEN: FAKE_TOKEN,
        TELEGRAM_BOT_NAME: FAKE_BOT,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        REMINDER_HOUR: '-1',
      },
    })
    return async () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM')
      await server.exited
      await telegram.stop()
    }
  })

  test('a chat linked with the deep link receives a new request, once', async ({ assert }) => {
    const yantek = await signedIn(server.port, 'yantek@kalibra.test')
    const verify = await yantek.send('PUT', '/telegram/verify', {
      form: { username: 'yantek_lab' },
      headers: { referer: '/telegram/connect' },
    })
    assert.equal(verify.status, 302, verify.body.slice(0, 300))
    const connect = await yantek.visit('/telegram/connect')
    const page = JSON.parse(connect.body)
    const link = new URL(page.props.link)
    assert.equal(link.pathname, `/${FAKE_BOT}`)

    telegram.userSends(`/start ${link.searchParams.get('start')}`, {
      id: 6001,
      username: 'yantek_lab',
    })
    assert.isTrue(
      await eventually(() => telegram.sentTo(6001).length > 0),
      `no reply from the bot:\n${server.output().slice(-2000)}`
    )
    assert.match(telegram.sentTo(6001)[0].text, /terhubung/)
    const [linked] = await throwaway.query<{ telegram_chat_id: string }>(
      'SELECT telegram_chat_id FROM users WHERE email = ?',
      ['yantek@kalibra.test']
    )
    assert.equal(String(linked.telegram_chat_id), '6001')

    const [alkes] = await throwaway.query<{ id: number }>(
      "SELECT alkes_id AS id FROM alkes_services WHERE order_type = 'internal' ORDER BY alkes_id LIMIT 1"
    )
    const facility = await signedIn(server.port, 'fasyankes@kalibra.test')
    const stored = await requestOrder(facility, alkes.id, letterPdf())
    assert.equal(stored.status, 302, stored.body.slice(0, 300))
    const orderId = Number(/^\/internal\/(\d+)\//.exec(String(stored.headers.location))?.[1])
    const [order] = await throwaway.query<{ number: string }>(
      'SELECT number FROM orders WHERE id = ?',
      [orderId]
    )
    const about = () => telegram.sentTo(6001).filter((m) => m.text.includes(order.number))
    assert.isTrue(
      await eventually(() => about().length > 0),
      `not delivered:\n${server.output().slice(-2000)}`
    )
    // Both workers run the outbox; the message was taken by one of them.
    await new Promise((resolve) => setTimeout(resolve, 6000))
    assert.lengthOf(about(), 1)
    assert.include(about()[0].text, `Permintaan baru ${order.number}`)
  })
})
