import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { FakeTelegram, FAKE_BOT } from '#tests/helpers/fake_telegram'
import { pollTelegramOnce } from '#notifications/telegram'
import { fieldErrors, userWithRole } from '#tests/functional/internal_orders/_support'

/** The Telegram chat linked to a user, as stored. */
async function chatOf(userId: number) {
  const user = await db.from('users').where('id', userId).first()
  return user.telegram_chat_id as string | null
}

/** Issue 17, point 1: a staff member links their Telegram chat with a one-time deep link. */
test.group('Notifications | linking Telegram', (group) => {
  let telegram: FakeTelegram
  group.each.setup(async () => {
    telegram = await new FakeTelegram().start()
    telegram.use()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      await telegram.stop()
    }
  })

  /** PUT /telegram/verify as `user`; answers the deep link's code. */
  async function codeFor(client: any, user: any, username: string) {
    const response = await client
      .put('/telegram/verify')
      .json({ username })
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const link = response.flashMessages().telegramLink as string | undefined
    if (!link) throw new Error(`no link: ${JSON.stringify(response.flashMessages())}`)
    const url = new URL(link)
    if (url.pathname !== `/${FAKE_BOT}`) throw new Error(`link to ${url.pathname}`)
    return url.searchParams.get('start')!
  }

  test('a valid code links the chat that opened it; the page shows it linked; unlinking clears it', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const code = await codeFor(client, officer, '@budi_petugas')
    const stored = await db.from('users').where('id', officer.id).first()
    assert.equal(stored.telegram_username, 'budi_petugas')
    assert.isNull(stored.telegram_chat_id)
    const codes = await db.from('telegram_link_codes').where('user_id', officer.id)
    assert.lengthOf(codes, 1)
    assert.notEqual(codes[0].code_hash, code, 'only the hash is kept')

    telegram.userSends(`/start ${code}`, { id: 7001, username: 'budi_petugas' })
    assert.equal(await pollTelegramOnce(), 1)
    const linked = await db.from('users').where('id', officer.id).first()
    assert.equal(linked.telegram_chat_id, '7001')
    assert.match(telegram.sentTo(7001)[0].text, /terhubung/)

    const page = await client.get('/telegram/connect').loginAs(officer).withInertia()
    page.assertStatus(200)
    assert.isTrue((page.inertiaProps as any).linked)
    assert.equal((page.inertiaProps as any).username, 'budi_petugas')

    await client.delete('/telegram/connect').loginAs(officer).withCsrfToken().withInertia()
    const unlinked = await db.from('users').where('id', officer.id).first()
    assert.isNull(unlinked.telegram_chat_id)
  })

  test('an expired code and a reused code link nothing, and the bot says why', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const expired = await codeFor(client, officer, 'budi_petugas')
    await db
      .from('telegram_link_codes')
      .where('user_id', officer.id)
      .update({ expires_at: '2020-01-01 00:00:00' })
    telegram.userSends(`/start ${expired}`, { id: 7002, username: 'budi_petugas' })
    await pollTelegramOnce()
    assert.match(telegram.sentTo(7002)[0].text, /kedaluwarsa/)
    assert.isNull(await chatOf(officer.id))

    const code = await codeFor(client, officer, 'budi_petugas')
    telegram.userSends(`/start ${code}`, { id: 7003, username: 'budi_petugas' })
    await pollTelegramOnce()
    telegram.userSends(`/start ${code}`, { id: 7004, username: 'budi_petugas' })
    await pollTelegramOnce()
    assert.match(telegram.sentTo(7004)[0].text, /sudah dipakai/)
    assert.equal(await chatOf(officer.id), '7003')

    // A code opened from another Telegram account than the one named does not link it.
    const other = await codeFor(client, officer, 'budi_petugas')
    telegram.userSends(`/start ${other}`, { id: 7005, username: 'orang_lain' })
    await pollTelegramOnce()
    assert.match(telegram.sentTo(7005)[0].text, /@budi_petugas/)
    assert.equal(await chatOf(officer.id), '7003')
  })

  test('a bad username is refused under the field; a facility never reaches the page', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const bad = await client
      .put('/telegram/verify')
      .json({ username: 'a b' })
      .loginAs(officer)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.match(String(fieldErrors(bad, 'username')[0]), /Username Telegram/)
    assert.lengthOf(await db.from('telegram_link_codes').where('user_id', officer.id), 0)

    const facility = await userWithRole('fasyankes')
    const page = await client.get('/telegram/connect').loginAs(facility).withInertia()
    page.assertStatus(403)
    const verify = await client
      .put('/telegram/verify')
      .json({ username: 'rs_daya' })
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    verify.assertStatus(403)
  })
})
