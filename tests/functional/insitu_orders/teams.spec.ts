import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  binary,
  fieldErrors,
  isRedirect,
  pdfText,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { inProgressRequest, statusOf } from '#tests/functional/insitu_orders/_support'

const LEADER = 'budi.santoso@kalibra.test'
const MEMBER = 'indah.lestari@kalibra.test'

test.group('Insitu | officer teams, assignment letters, worksheet access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("each lab's head picks its team with the spec's alerts; the days are inclusive", async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    assert.equal(await statusOf(order.id), 'DALAM PROSES')
    const pkHead = await userWithRole('head_of_pk_laboratory')
    const leader = await userByEmail(LEADER)
    const member = await userByEmail(MEMBER)

    const page = await client.get(`/insitu/${order.id}/officer`).loginAs(pkHead).withInertia()
    page.assertStatus(200)
    const labs = page.inertiaProps.labs as any[]
    assert.deepEqual(
      labs.map((lab) => [lab.lab, lab.editable]),
      [['pk', true]]
    )
    assert.isTrue(labs[0].candidates.some((user: { id: number }) => user.id === leader.id))
    const ukprHead = await userWithRole('head_of_ukpr_laboratory')
    const ukprPage = await client.get(`/insitu/${order.id}/officer`).loginAs(ukprHead).withInertia()
    assert.isFalse((ukprPage.inertiaProps.labs as any[])[0].editable)
    const yantekPage = await client
      .get(`/insitu/${order.id}/officer`)
      .loginAs(await userWithRole('yantek'))
    yantekPage.assertStatus(403)

    const put = (body: Record<string, unknown>, who = pkHead) =>
      client
        .put(`/insitu/${order.id}/officer`)
        .loginAs(who)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
        .json(body)
    const dates = [{ start_date: '2026-12-01', end_date: '2026-12-03' }]
    const noLeader = await put({ member: [member.id], dates })
    assert.deepEqual(fieldErrors(noLeader, 'leader'), ['Harap pilih Ketua Tim terlebih dahulu'])
    const noMember = await put({ leader: leader.id, member: [], dates })
    assert.deepEqual(fieldErrors(noMember, 'member'), ['Harap pilih minimal satu Anggota Tim'])
    const noDates = await put({ leader: leader.id, member: [member.id] })
    assert.deepEqual(fieldErrors(noDates, 'dates'), ['Harap isi tanggal kegiatan'])
    const both = await put({ leader: leader.id, member: [leader.id, member.id], dates })
    assert.match(fieldErrors(both, 'leader').join(' '), /sudah terpilih sebagai anggota tim/)
    const backwards = await put({
      leader: leader.id,
      member: [member.id],
      dates: [{ start_date: '2026-12-03', end_date: '2026-12-01' }],
    })
    assert.isNotEmpty(fieldErrors(backwards, 'dates.0.end_date'))
    const ukprOfficer = await userWithRole('officer_ukpr')
    const outsider = await put({ leader: leader.id, member: [ukprOfficer.id], dates })
    assert.match(fieldErrors(outsider, 'member').join(' '), /petugas laboratorium PK/)
    const wrongHead = await put(
      { lab: 'pk', leader: leader.id, member: [member.id], dates },
      ukprHead
    )
    assert.isTrue(isRedirect(wrongHead))
    assert.equal(
      await db
        .from('insitu_team_members')
        .where('order_id', order.id)
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )

    const saved = await put({
      leader: leader.id,
      member: [member.id],
      dates: [...dates, { start_date: '2026-12-07', end_date: '2026-12-07' }],
    })
    assert.isTrue(isRedirect(saved))
    const members = await db
      .from('insitu_team_members')
      .where('order_id', order.id)
      .orderBy('is_leader', 'desc')
    assert.deepEqual(
      members.map((row) => [Number(row.user_id), Boolean(row.is_leader), row.lab]),
      [
        [leader.id, true, 'pk'],
        [member.id, false, 'pk'],
      ]
    )
    const days = await db
      .from('insitu_team_dates')
      .where('order_id', order.id)
      .orderBy('start_date')
    assert.deepEqual(
      days.map((row) => Number(row.days)),
      [3, 1]
    )
  })

  test('the assignment letter: its readers, the team on it; worksheets open to the team only', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    const letter = `/insitu/${order.id}/attachment/assignment-letter/pk`
    const yantek = await userWithRole('yantek')
    const before = await client.get(letter).loginAs(yantek)
    before.assertStatus(403)

    const leader = await userByEmail(LEADER)
    const member = await userByEmail(MEMBER)
    // Not on the team yet: the worksheets are closed to the officer.
    const closed = await client.get(`/insitu/${order.id}/worksheet/pk`).loginAs(member)
    closed.assertStatus(403)
    await client
      .put(`/insitu/${order.id}/officer`)
      .loginAs(await userWithRole('head_of_pk_laboratory'))
      .withCsrfToken()
      .json({
        leader: leader.id,
        member: [member.id],
        dates: [{ start_date: '2026-12-01', end_date: '2026-12-02' }],
      })

    for (const role of [
      'yantek',
      'human_resource',
      'head_of_pdp_laboratory',
      'head_of_pk_laboratory',
    ] as const) {
      const response = await binary(client.get(letter).loginAs(await userWithRole(role)))
      response.assertStatus(200)
      const text = pdfText(response.body() as Buffer)
      assert.include(text, 'SURAT TUGAS', role)
      assert.include(text, leader.name, role)
      assert.include(text, '2 hari', role)
    }
    for (const role of ['head_of_ukpr_laboratory', 'officer_pk', 'admin_pk'] as const) {
      const refused = await client.get(letter).loginAs(await userWithRole(role))
      refused.assertStatus(403)
    }
    const facility = await client.get(letter).loginAs(await userWithRole('fasyankes'))
    assert.oneOf(facility.status(), [403, 404])

    // The team's officers open the worksheets; another PK officer does not.
    const open = await client.get(`/insitu/${order.id}/worksheet/pk`).loginAs(member)
    open.assertStatus(200)
    const other = await userByEmail('officer_pk@kalibra.test')
    const notOnTeam = await client.get(`/insitu/${order.id}/worksheet/pk`).loginAs(other)
    notOnTeam.assertStatus(403)
  })
})
