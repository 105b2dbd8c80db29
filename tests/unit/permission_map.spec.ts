import { test } from '@japa/runner'
import { PERMISSIONS, hasPermission, permissionsOf } from '#enums/permissions'
import { ROLES, type Role } from '#enums/roles'
import { grantableRoles } from '#services/role_grants'
import { canTake, availableActions, nextStatus } from '#workflows/internal_order_workflow'

const ADMINS_AND_HEADS = [
  'admin_pk',
  'head_of_pk_laboratory',
  'admin_ukpr',
  'head_of_ukpr_laboratory',
  'admin_sarpras',
  'head_of_sarpras_laboratory',
]

/** Spec part 1, section 6: the menu table, written out by hand. */
const SPEC_TABLE: Record<string, string[]> = {
  'dashboard.view': ['yantek', 'fasyankes', 'admin_pk'],
  'internal.view': [
    'yantek',
    'admin_pk',
    'head_of_pk_laboratory',
    'officer_pk',
    'treasurer',
    'fasyankes',
  ],
  'insitu.view': [
    'yantek',
    ...ADMINS_AND_HEADS,
    'officer_pk',
    'officer_ukpr',
    'officer_sarpras',
    'human_resource',
    'treasurer',
    'fasyankes',
  ],
  'officer.view': ADMINS_AND_HEADS,
  'fasyankes.view': ['yantek', ...ADMINS_AND_HEADS, 'human_resource'],
  'inventory.view': ['yantek', ...ADMINS_AND_HEADS, 'fasyankes'],
  'alkes.view': ['yantek', ...ADMINS_AND_HEADS],
  'calibrator.view': ['yantek', ...ADMINS_AND_HEADS],
  'report.view': ['yantek', ...ADMINS_AND_HEADS, 'human_resource'],
  'alkes.edit': ['head_of_pk_laboratory', 'admin_pk', 'yantek'],
  'calibrator.edit': ['head_of_pk_laboratory', 'admin_pk'],
  'fasyankes.edit': ['yantek'],
}

test.group('Permission map', () => {
  for (const [permission, roles] of Object.entries(SPEC_TABLE)) {
    test(`{$self} matches the spec`)
      .run(({ assert }) => {
        assert.sameMembers([...PERMISSIONS[permission as keyof typeof PERMISSIONS]], roles)
      })
      .tags([permission])
  }

  test('the messaging link is for every staff role and never for a facility', ({ assert }) => {
    assert.isFalse(hasPermission(['fasyankes'], 'messaging.connect'))
    for (const role of ROLES.filter((r) => r !== 'fasyankes')) {
      assert.isTrue(hasPermission([role], 'messaging.connect'), role)
    }
  })

  test('a user holding several roles gets the union of their permissions', ({ assert }) => {
    const flags = permissionsOf(['treasurer', 'human_resource'])
    assert.isTrue(flags['internal.view'])
    assert.isTrue(flags['fasyankes.view'])
    assert.isFalse(flags['officer.view'])
    assert.isFalse(flags['inventory.view'])
  })

  test('no role, no permission', ({ assert }) => {
    assert.isTrue(Object.values(permissionsOf([])).every((value) => value === false))
  })
})

test.group('Role granting rule', () => {
  test('a head grants its lab admin, supervisor and officer; an admin only supervisor and officer', ({
    assert,
  }) => {
    assert.sameMembers(grantableRoles(['head_of_ukpr_laboratory']), [
      'admin_ukpr',
      'supervisor_of_ukpr_laboratory',
      'officer_ukpr',
    ])
    assert.sameMembers(grantableRoles(['admin_pk']), ['supervisor_of_pk_laboratory', 'officer_pk'])
    assert.deepEqual(grantableRoles(['yantek' as Role, 'treasurer']), [])
  })
})

test.group('Alat Datang status table', () => {
  test('approve and reject only from MENUNGGU, by yantek and admin_pk', ({ assert }) => {
    assert.isTrue(canTake('approve', 'MENUNGGU', ['admin_pk']))
    assert.isTrue(canTake('reject', 'MENUNGGU', ['yantek']))
    assert.isFalse(canTake('approve', 'MENUNGGU', ['fasyankes']))
    assert.isFalse(canTake('approve', 'ORDER DITERIMA', ['admin_pk']))
    assert.equal(nextStatus('approve', 'MENUNGGU'), 'ORDER DITERIMA')
    assert.equal(nextStatus('reject', 'MENUNGGU'), 'DITOLAK')
  })

  test('the lifecycle moves through the statuses of the domain decisions', ({ assert }) => {
    assert.equal(nextStatus('resubmit', 'DITOLAK'), 'MENUNGGU')
    assert.equal(nextStatus('receive', 'ORDER DITERIMA'), 'ALAT DITERIMA')
    assert.equal(nextStatus('assign_officers', 'ALAT DITERIMA'), 'PROSES PENGERJAAN')
    assert.equal(nextStatus('handover', 'PROSES PENGERJAAN'), 'MENUNGGU FEEDBACK')
    assert.equal(nextStatus('feedback', 'MENUNGGU FEEDBACK'), 'SELESAI')
    assert.isFalse(canTake('assign_officers', 'ALAT DITERIMA', ['yantek']))
    assert.isTrue(canTake('assign_officers', 'PROSES PENGERJAAN', ['admin_pk']))
  })

  test('nothing but viewing is left once SELESAI', ({ assert }) => {
    for (const roles of [['yantek'], ['admin_pk'], ['fasyankes'], ['officer_pk']] as Role[][]) {
      assert.deepEqual(availableActions('SELESAI', roles), [])
    }
  })
})
