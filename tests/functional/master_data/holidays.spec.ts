import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedReferenceData } from '#database/seeders/reference_data'
import { holidayLookup, nationalHolidays } from '#services/holidays'
import {
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  errorFields,
  pageAccessMismatches,
  writeAccessMismatches,
} from './_support.js'

/** Days far in the future no other test uses, one per call. */
let day = 0
function freeDate() {
  day++
  return `2099-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`
}

test.group('Holidays | the Hari Libur screen (holiday.edit)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /holidays: 200 for holiday.edit roles, 403 for the others', async ({
    client,
    assert,
  }) => {
    assert.deepEqual(
      await pageAccessMismatches(client, 'holiday.edit', [['/holidays', 'holidays/index']]),
      []
    )
  })

  test('POST /holidays: holiday.edit roles add a lab holiday, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const mismatches = await writeAccessMismatches(client, 'holiday.edit', {
      method: 'post',
      path: '/holidays',
      payload: () => ({ date: freeDate(), name: 'Cuti bersama uji' }),
      location: '/holidays?year=2099',
      written: async (payload) => (await countRows('holidays', { date: payload.date })) === 1,
    })
    assert.deepEqual(mismatches, [])
  })

  test('lists the year asked for, national and lab holidays apart; a year out of range shows this year', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    await db
      .table('holidays')
      .insert({ date: '2099-08-17', name: 'Uji nasional', source: 'national' })
    const page = await client.get('/holidays?year=2099').loginAs(admin).withInertia()
    page.assertStatus(200)
    const { year, holidays } = page.inertiaProps as any
    assert.equal(year, 2099)
    assert.deepInclude(holidays, {
      date: '2099-08-17',
      formatted_date: '17 Agustus 2099',
      name: 'Uji nasional',
      source: 'national',
    })
    for (const asked of ['abc', '-5', '99999', '2026.5']) {
      const response = await client.get(`/holidays?year=${asked}`).loginAs(admin).withInertia()
      response.assertStatus(200)
      assert.equal((response.inertiaProps as any).year, new Date().getFullYear(), asked)
    }
  })

  test('a date already listed, a bad date or a short name is refused with the field named as the form labels it', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const date = freeDate()
    await client
      .post('/holidays')
      .loginAs(admin)
      .withCsrfToken()
      .json({ date, name: 'Cuti bersama pertama' })
      .redirects(0)
    const before = await countRows('holidays')

    const again = await client
      .post('/holidays')
      .loginAs(admin)
      .withCsrfToken()
      .header('referer', '/holidays')
      .json({ date, name: 'Cuti bersama kedua' })
      .redirects(0)
    assertRedirect(assert, again, '/holidays')
    assert.match(String(again.flashMessages().error), /sudah tercatat sebagai Cuti bersama pertama/)

    const bad = await client
      .post('/holidays')
      .loginAs(admin)
      .withCsrfToken()
      .header('referer', '/holidays')
      .json({ date: '2099-02-30x', name: 'ab' })
      .redirects(0)
    assertRedirect(assert, bad, '/holidays')
    assert.deepEqual(errorFields(bad), ['date', 'name'])
    const errors = bad.flashMessages().inputErrorsBag as Record<string, string[]>
    assert.match(String(errors.date), /^Tanggal /)
    assert.match(String(errors.name), /^Keterangan /)
    assert.equal(await countRows('holidays'), before, 'nothing was written')
  })

  test('DELETE /holidays/:date removes a lab holiday; a national one stays removed when the calendar is loaded again', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('yantek')
    const national = nationalHolidays([new Date().getFullYear() + 1])[0]
    await seedReferenceData()
    assert.isTrue((await holidayLookup())(national.date), 'the calendar loaded the holiday')

    const removed = await client
      .delete(`/holidays/${national.date}`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    assertRedirect(assert, removed, `/holidays?year=${national.date.slice(0, 4)}`)
    assert.lengthOf(await auditEntries('holiday.delete', national.date), 1)
    await seedReferenceData()
    assert.isFalse(
      (await holidayLookup())(national.date),
      'the next start does not bring back a holiday the lab removed'
    )
    const listed = await client
      .get(`/holidays?year=${national.date.slice(0, 4)}`)
      .loginAs(admin)
      .withInertia()
    assert.notInclude(
      (listed.inertiaProps as any).holidays.map((h: { date: string }) => h.date),
      national.date
    )

    // Added back by hand, it is the lab's own.
    await client
      .post('/holidays')
      .loginAs(admin)
      .withCsrfToken()
      .json({ date: national.date, name: 'Dikembalikan' })
      .redirects(0)
    assert.isTrue((await holidayLookup())(national.date))

    const date = freeDate()
    await db.table('holidays').insert({ date, name: 'Cuti lab', source: 'lab' })
    await client.delete(`/holidays/${date}`).loginAs(admin).withCsrfToken().redirects(0)
    assert.equal(await countRows('holidays', { date }), 0)

    const missing = await client
      .delete(`/holidays/${date}`)
      .loginAs(admin)
      .withCsrfToken()
      .header('referer', '/holidays')
      .redirects(0)
    assertRedirect(assert, missing, '/holidays')
    assert.match(String(missing.flashMessages().error), /tidak ada/)
  })

  test('DELETE /holidays/:date by a role without holiday.edit answers 403 and removes nothing', async ({
    client,
    assert,
  }) => {
    const date = freeDate()
    await db.table('holidays').insert({ date, name: 'Cuti lab', source: 'lab' })
    const treasurer = await accountWithRole('treasurer')
    const response = await client
      .delete(`/holidays/${date}`)
      .loginAs(treasurer)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(403)
    assert.equal(await countRows('holidays', { date }), 1)
  })
})
