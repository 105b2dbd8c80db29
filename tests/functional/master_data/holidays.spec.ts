import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedReferenceData } from '#database/seeders/reference_data'
import { holidayLookup, isoDate, nationalHolidays } from '#services/holidays'
import { remindHolidayEditors } from '#notifications/holiday_calendar'
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

test.group(
  'Holidays | the joint decree (SKB) wins over the computed calendar (issue 35)',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('2026: Idul Fitri on the decree’s 21 and 22 March, Easter Sunday, and the cuti bersama', ({
      assert,
    }) => {
      const calendar = new Map(nationalHolidays([2026]).map((h) => [h.date, h]))
      assert.equal(calendar.get('2026-03-21')?.source, 'national')
      assert.match(calendar.get('2026-03-22')!.name, /Idul Fitri/)
      assert.match(calendar.get('2026-04-05')!.name, /Paskah/)
      // The computed calendar's 20 March is a cuti bersama day, not Idul Fitri itself.
      assert.equal(calendar.get('2026-03-20')?.source, 'cuti')
      for (const date of ['2026-02-16', '2026-03-18', '2026-03-23', '2026-03-24', '2026-12-24'])
        assert.equal(calendar.get(date)?.source, 'cuti', date)
      // A year without a decree is computed, with Easter Sunday the library lacks.
      assert.match(
        nationalHolidays([2030]).find((h) => h.date === '2030-04-21')?.name ?? '',
        /Paskah/
      )
    })

    test('loading the calendar replaces a computed date the decree moved, and keeps the lab’s own and removed days', async ({
      assert,
    }) => {
      const year = new Date().getFullYear()
      if (![year, year + 1].includes(2026)) return
      await db.from('holidays').whereBetween('date', ['2026-01-01', '2026-12-31']).delete()
      await db.table('holidays').multiInsert([
        { date: '2026-03-20', name: 'Hari Raya Idul Fitri', source: 'national' },
        { date: '2026-03-21', name: 'Hari Raya Idul Fitri', source: 'national' },
        { date: '2026-07-07', name: 'Ulang tahun laboratorium', source: 'lab' },
        { date: '2026-12-24', name: 'Cuti bersama Kelahiran Yesus Kristus', source: 'removed' },
      ])
      await seedReferenceData()
      const stored = await db.from('holidays').whereBetween('date', ['2026-01-01', '2026-12-31'])
      const rows = new Map(stored.map((row) => [isoDate(row.date), row]))
      assert.equal(rows.get('2026-03-20')?.source, 'cuti')
      assert.match(rows.get('2026-03-20')!.name, /^Cuti bersama/)
      assert.equal(rows.get('2026-03-22')?.source, 'national')
      assert.equal(rows.get('2026-04-05')?.source, 'national')
      assert.equal(rows.get('2026-07-07')?.source, 'lab')
      assert.equal(
        rows.get('2026-12-24')?.source,
        'removed',
        'the lab removed it: it stays removed'
      )
      const isHoliday = await holidayLookup()
      assert.isTrue(isHoliday('2026-03-23'))
      assert.isFalse(isHoliday('2026-12-24'))
    })

    test('in December the holiday editors are told once when next year has no cuti bersama', async ({
      assert,
    }) => {
      await db.from('holidays').whereBetween('date', ['2099-01-01', '2099-12-31']).delete()
      const notices = async () => {
        const row = await db
          .from('notices')
          .where('title', 'Cuti bersama 2099 belum dicatat')
          .count('* as n')
          .first()
        return Number(row?.n)
      }
      assert.isFalse(await remindHolidayEditors('2098-11-30'), 'not before December')
      assert.isTrue(await remindHolidayEditors('2098-12-01'))
      const editors = await db
        .from('user_roles')
        .whereIn('role', ['yantek', 'admin_pk'])
        .countDistinct('user_id as n')
        .first()
      assert.equal(await notices(), Number(editors?.n))
      assert.isFalse(await remindHolidayEditors('2098-12-02'), 'once a year')
      assert.equal(await notices(), Number(editors?.n))
      // With the year's cuti bersama entered, nobody is told.
      await db.from('job_leases').where('name', 'holiday_calendar_reminder').delete()
      await db.table('holidays').insert({ date: '2099-01-02', name: 'Cuti bersama', source: 'lab' })
      assert.isFalse(await remindHolidayEditors('2098-12-03'))
    })
  }
)
