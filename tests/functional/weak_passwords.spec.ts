import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { WEAK_PASSWORD_MESSAGE } from '#validators/rules/strong_password'
import { HttpSession } from '#tests/helpers/http_session'
import {
  demoUser,
  freshEmail,
  hasPassword,
  makeStaff,
  passwordHashOf,
} from '#tests/helpers/accounts'
import { makeFacility, makeOfficer, referenceIds, uniqueNip } from './master_data/_support.js'

/**
 * Common and easily guessed passwords are refused everywhere a password is
 * set (issue 8, point 2), with one Indonesian message under the field:
 * /password, the set-password link page, the officer form (create and edit),
 * the facility form (create and edit) and `node ace kalibra:user`.
 */
const STRONG = 'Kuda-Lari-Pagi-2026'

/** The brief's list, plus the account's own name with a year (given per form). */
const COMMON = ['password123', 'kalibra123', 'kalibra2026', '12345678', 'qwertyui']

function weakFor(name: string) {
  return [...COMMON, `${name.split(' ')[0]}1985`, `${name.replace(/\W/g, '')}2024`]
}

/** The message under `field` after an Inertia form submission (empty when it passed). */
function errorUnder(response: { flashMessage(key: string): any }, field: string): string[] {
  return response.flashMessage('inputErrorsBag')?.[field] ?? []
}

function submit(client: ApiClient, method: 'post' | 'put', path: string, user: User, body: object) {
  return client[method](path)
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .header('referer', path)
    .json(body)
    .redirects(0)
}

test.group('Weak passwords | every form that sets one', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PUT /password refuses them under new_password; the password stays', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'], { name: 'Andi Saputra' })
    for (const weak of weakFor(user.name)) {
      const response = await submit(client, 'put', '/password', user, {
        old_password: 'rahasia123',
        new_password: weak,
        password_confirmation: weak,
      })
      assert.deepEqual(errorUnder(response, 'new_password'), [WEAK_PASSWORD_MESSAGE], weak)
    }
    assert.isTrue(await hasPassword(user.id, 'rahasia123'))
    const accepted = await submit(client, 'put', '/password', user, {
      old_password: 'rahasia123',
      new_password: STRONG,
      password_confirmation: STRONG,
    })
    assert.equal(accepted.flashMessage('success'), 'Kata sandi berhasil diubah.')
  })

  test('the officer form refuses them on create and on edit, under password', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const target = await makeOfficer({ name: 'Budi Santoso' })
    const before = await passwordHashOf(target.id)
    for (const weak of weakFor('Budi Santoso')) {
      const email = freshEmail('lemah')
      const created = await submit(client, 'post', '/officer/store', admin, {
        name: 'Budi Santoso',
        nip: uniqueNip(),
        rank: 'Penata (III/c)',
        position: 'Teknisi',
        email,
        password: weak,
        confirmation_password: weak,
      })
      assert.deepEqual(errorUnder(created, 'password'), [WEAK_PASSWORD_MESSAGE], weak)
      assert.isNull(await User.findBy('email', email))

      const edited = await submit(client, 'put', `/officer/${target.id}/update`, admin, {
        name: target.name,
        nip: target.nip,
        rank: target.rank,
        position: target.position,
        email: target.email,
        password: weak,
        confirmation_password: weak,
      })
      assert.deepEqual(errorUnder(edited, 'password'), [WEAK_PASSWORD_MESSAGE], weak)
    }
    assert.equal(await passwordHashOf(target.id), before)
  })

  test('the facility form refuses them on create and on edit, under password', async ({
    client,
    assert,
  }) => {
    const yantek = await demoUser('yantek')
    const ids = await referenceIds()
    const { facility, account } = await makeFacility({ fasyankesName: 'Klinik Sehat' })
    const before = account.password
    const form = (email: string, password: string) => ({
      fasyankes_name: 'Klinik Sehat',
      phone: '0411-8222134',
      address: 'Jl. Poros Malino No. 1',
      type: 'Swasta',
      province: '73',
      city: '73.06',
      category_id: String(ids.puskesmas),
      class_id: String(ids.classC),
      pic: 'dr. Andi Rahman',
      pic_phone: '081234567890',
      latitude: '-5.2041',
      longitude: '119.4539',
      email,
      password,
      c_password: password,
    })
    for (const weak of [...weakFor('Klinik Sehat'), 'klinik12345']) {
      const email = freshEmail('fasyankes.lemah')
      const created = await submit(
        client,
        'post',
        '/fasyankes/data/store',
        yantek,
        form(email, weak)
      )
      assert.deepEqual(errorUnder(created, 'password'), [WEAK_PASSWORD_MESSAGE], weak)
      assert.isNull(await User.findBy('email', email))

      const edited = await submit(
        client,
        'put',
        `/fasyankes/data/${facility.id}/update`,
        yantek,
        form(account.email, weak)
      )
      assert.deepEqual(errorUnder(edited, 'password'), [WEAK_PASSWORD_MESSAGE], weak)
    }
    assert.equal(await passwordHashOf(account.id), before)
  })

  test('the set-password link page refuses them under password', async ({ client, assert }) => {
    const admin = await demoUser('admin_pk')
    const target = await makeStaff(['officer_pk'], { name: 'Citra Lestari' })
    const issued = await client
      .post(`/officer/${target.id}/password-link`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
    const path = new URL(issued.body().url).pathname
    const browser = new HttpSession()
    await browser.get(path)
    for (const weak of weakFor(target.name)) {
      const response = await browser.post(path, {
        form: { password: weak, password_confirmation: weak },
        headers: { referer: path },
      })
      assert.equal(response.location, path, weak)
      const answer = await browser.get(path)
      const page = answer.page()
      assert.equal(page.props.errors.password, WEAK_PASSWORD_MESSAGE, weak)
    }
    assert.isTrue(await hasPassword(target.id, 'rahasia123'))
  })

  test('node ace kalibra:user refuses them and creates no account', async ({ assert }) => {
    const ace = await app.container.make('ace')
    for (const weak of weakFor('Dewi Kartika')) {
      const email = freshEmail('cli.lemah')
      const command = await ace.exec('kalibra:user', [
        `--email=${email}`,
        '--name=Dewi Kartika',
        `--password=${weak}`,
        '--role=yantek',
      ])
      assert.equal(command.exitCode, 1, weak)
      assert.isNull(await User.findBy('email', email))
    }
    const email = freshEmail('cli.kuat')
    const command = await ace.exec('kalibra:user', [
      `--email=${email}`,
      '--name=Dewi Kartika',
      `--password=${STRONG}`,
      '--role=yantek',
    ])
    assert.equal(command.exitCode, 0)
    const created = await User.findByOrFail('email', email)
    assert.isTrue(await hash.verify(created.password, STRONG))
    assert.deepEqual(created.roles, ['yantek'])
    await db.from('audit_logs').where('action', 'user.create_cli').firstOrFail()
  })
})
