import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Fasyankes from '#models/fasyankes'
import {
  accountWithRole,
  countRows,
  makeFacility,
  makeOfficer,
  marker,
  referenceIds,
  rolesSplit,
} from '#tests/functional/master_data/_support'
import {
  feedbackPayload,
  makeAlkes,
  makeOrder,
  orderJson,
  receivePayload,
  snapshot,
  userByEmail,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'

/**
 * Issue 8, point 10: VineJS reads numbers with Number(), so `price: []` was
 * stored as 0 and `true` as 1 for ids (and, issue 33, `"0x10"` as 16, `"1e3"` as 1000). Every number field of every form and
 * list must answer 422 with its "harus berupa angka." message for arrays,
 * booleans and objects, and nothing may change. Forms send numbers as text
 * (multipart) or numbers (JSON): both stay accepted (the controls below).
 */

/** What a client sends instead of a number; `valid` is a value the field accepts. */
const notNumbers = (valid: unknown): [string, unknown][] => [
  ['[]', []],
  [`[${JSON.stringify(valid)}]`, [valid]],
  ['true', true],
  ['false', false],
  ['{}', {}],
  [`{value: ${JSON.stringify(valid)}}`, { value: valid }],
  // Issue 33, point 6: Number() reads these as 16 and 1000; a form field never holds them.
  ['"0x10"', '0x10'],
  ['"1e3"', '1e3'],
]

interface NumberForm {
  name: string
  prepare(): Promise<{
    user: User
    method: 'post' | 'put'
    path: string
    payload: Record<string, any>
    /** Dotted paths of the number fields, as the error names them. */
    fields: string[]
    /** Everything the submission could change. */
    state(): Promise<unknown>
  }>
}

function withValue(payload: Record<string, any>, path: string, value: unknown) {
  const copy = structuredClone(payload)
  const keys = path.split('.')
  let target = copy
  for (const key of keys.slice(0, -1)) target = target[key]
  target[keys[keys.length - 1]] = value
  return copy
}

function valueAt(payload: Record<string, any>, path: string) {
  return path.split('.').reduce((value, key) => value?.[key], payload as any)
}

const FORMS: NumberForm[] = [
  {
    name: 'facility (POST /fasyankes/data/store)',
    async prepare() {
      const ids = await referenceIds()
      const tag = marker('Tc')
      return {
        user: await accountWithRole('yantek'),
        method: 'post',
        path: '/fasyankes/data/store',
        payload: {
          fasyankes_name: `Klinik ${tag}`,
          phone: '0411-8222134',
          address: 'Jl. Poros Malino No. 1',
          type: 'Swasta',
          province: '73',
          city: '73.06',
          category_id: ids.puskesmas,
          class_id: ids.classC,
          pic: 'dr. Andi Rahman',
          pic_phone: '081234567890',
          latitude: -5.2,
          longitude: 119.45,
          email: `${tag.toLowerCase()}@fasyankes.kalibra.test`,
          password: 'Kalibrasi-Makassar-2026',
          c_password: 'Kalibrasi-Makassar-2026',
        },
        fields: ['category_id', 'class_id', 'latitude', 'longitude'],
        state: async () => [await countRows('fasyankes'), await countRows('users')],
      }
    },
  },
  {
    name: 'facility profile (PUT /profile)',
    async prepare() {
      const { facility, account } = await makeFacility()
      return {
        user: account,
        method: 'put',
        path: '/profile',
        payload: {
          name: facility.fasyankesName,
          phone: facility.phone,
          address: facility.address,
          type: facility.type,
          province: facility.provinceCode,
          city: facility.cityCode,
          category_id: facility.categoryId,
          class_id: facility.classId,
          pic_name: facility.pic,
          pic_phone: facility.picPhone,
          email: account.email,
        },
        fields: ['category_id', 'class_id'],
        state: async () => {
          const row = await Fasyankes.findOrFail(facility.id)
          return row.toJSON()
        },
      }
    },
  },
  {
    name: 'device (POST /alkes/data/store)',
    async prepare() {
      const tag = marker('Ta')
      return {
        user: await accountWithRole('yantek'),
        method: 'post',
        path: '/alkes/data/store',
        payload: {
          name: `Infant Incubator ${tag}`,
          laboratory: 'PK',
          category: null,
          price: 350000,
          minute_estimation: 90,
          alkes_code: tag.toUpperCase(),
          total_page: 3,
          recalibration_months: 12,
          is_tuntung_seharian: false,
          is_internal: true,
          is_insitu: false,
          pengujian_is_kan: true,
          kalibrasi_is_kan: false,
          has_laik_description: true,
        },
        fields: ['price', 'minute_estimation', 'total_page', 'recalibration_months'],
        state: () => countRows('alkes'),
      }
    },
  },
  {
    name: 'calibrator (POST /calibrator/data/store)',
    async prepare() {
      const ids = await referenceIds()
      const tag = marker('Tk')
      const officer = await makeOfficer()
      return {
        user: await accountWithRole(rolesSplit('calibrator.edit').allowed[0]),
        method: 'post',
        path: '/calibrator/data/store',
        payload: {
          name: `Electrical Safety Analyzer ${tag}`,
          merk: 'Fluke Biomedical',
          type_model_category: 'Tipe',
          type_model: 'ESA615',
          serial_number: `SN-${tag.toUpperCase()}`,
          channel_count: 2,
          unit_id: ids.unitPk,
          bpfk_user_id: officer.id,
          calibrator_condition: 'Good',
          last_calibration_date: '2026-03-10',
          next_calibration_date: '2027-03-10',
        },
        fields: ['channel_count', 'unit_id', 'bpfk_user_id'],
        state: () => countRows('calibrators'),
      }
    },
  },
  {
    name: 'order edit (PUT /internal/:id)',
    async prepare() {
      const facility = await userByEmail('fasyankes@kalibra.test')
      const { order } = await makeOrder({ status: 'MENUNGGU' })
      const alkes = await makeAlkes()
      return {
        user: facility,
        method: 'put',
        path: `/internal/${order.id}`,
        payload: orderJson([{ alkes_id: alkes.id, quantity: 2 }]),
        fields: ['alkes.0.alkes_id', 'alkes.0.quantity'],
        state: () => snapshot(order.id),
      }
    },
  },
  {
    name: 'receive (PUT /internal/:id/receive)',
    async prepare() {
      const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA' })
      const admin = await userByEmail('admin_pk@kalibra.test')
      return {
        user: admin,
        method: 'put',
        path: `/internal/${order.id}/receive`,
        payload: receivePayload(devices, admin.id),
        fields: ['checker', 'alkes_orders.0.id'],
        state: () => snapshot(order.id),
      }
    },
  },
  {
    name: 'officer assignment (PUT /internal/:id/officer)',
    async prepare() {
      const { order, devices } = await makeOrder({ status: 'ALAT DITERIMA', officerId: null })
      const officer = await userByEmail('officer_pk@kalibra.test')
      return {
        user: await userByEmail('admin_pk@kalibra.test'),
        method: 'put',
        path: `/internal/${order.id}/officer`,
        payload: {
          selected_officers: devices.map((device) => ({
            internal_alkes_order_id: device.id,
            bpfk_user_id: officer.id,
          })),
        },
        fields: ['selected_officers.0.internal_alkes_order_id', 'selected_officers.0.bpfk_user_id'],
        state: () => snapshot(order.id),
      }
    },
  },
  {
    name: 'worksheet (PUT /internal/:id/worksheet/pk/:device/update)',
    async prepare() {
      const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN' })
      const officer = await userByEmail('officer_pk@kalibra.test')
      return {
        user: officer,
        method: 'put',
        path: `/internal/${order.id}/worksheet/pk/${devices[0].id}/update`,
        payload: worksheetPayload(officer.id),
        fields: ['certificate_month', 'officer_id'],
        state: async () => [
          await snapshot(order.id),
          await db.from('order_devices').where('id', devices[0].id).first(),
        ],
      }
    },
  },
  {
    name: 'feedback (POST /internal/:id/feedback)',
    async prepare() {
      const { order } = await makeOrder({ status: 'MENUNGGU FEEDBACK', deviceStatus: 'SELESAI' })
      return {
        user: await userByEmail('fasyankes@kalibra.test'),
        method: 'post',
        path: `/internal/${order.id}/feedback`,
        payload: feedbackPayload(5),
        fields: ['1_a_K_1'],
        state: () => snapshot(order.id),
      }
    },
  },
]

function send(
  client: any,
  form: { user: User; method: 'post' | 'put'; path: string },
  body: unknown
) {
  return client[form.method](form.path)
    .loginAs(form.user)
    .withCsrfToken()
    .header('accept', 'application/json')
    .json(body)
    .redirects(0)
}

test.group('Type coercion | numbers on every form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const form of FORMS) {
    test(`${form.name}: arrays, booleans and objects for numbers and ids answer 422 "... harus berupa angka." and change nothing`, async ({
      client,
      assert,
    }) => {
      const prepared = await form.prepare()
      const before = await prepared.state()
      const mismatches: string[] = []
      for (const field of prepared.fields) {
        for (const [label, value] of notNumbers(valueAt(prepared.payload, field))) {
          const response = await send(client, prepared, withValue(prepared.payload, field, value))
          const errors: { field: string; message: string }[] = response.body()?.errors ?? []
          const error = errors.find((e) => e.field === field)
          if (response.status() !== 422 || !error || !/ harus berupa angka\.$/.test(error.message))
            mismatches.push(
              `${field}=${label}: ${response.status()} ${JSON.stringify(error ?? errors).slice(0, 160)}`
            )
        }
      }
      assert.deepEqual(mismatches, [])
      assert.deepEqual(await prepared.state(), before, 'nothing changed')
    })
  }

  test('controls: the same forms accept numbers as JSON numbers and as text', async ({
    client,
    assert,
  }) => {
    for (const form of FORMS.slice(0, 4)) {
      for (const asText of [false, true]) {
        const prepared = await form.prepare()
        const payload = asText
          ? prepared.fields.reduce(
              (body, field) => withValue(body, field, String(valueAt(body, field))),
              prepared.payload
            )
          : prepared.payload
        const response = await send(client, prepared, payload)
        assert.include([200, 302, 303], response.status(), `${form.name} text=${asText}`)
      }
    }
  })

  test('booleans and text fields refuse arrays and objects too (device form)', async ({
    client,
    assert,
  }) => {
    const prepared = await FORMS[2].prepare()
    const before = await prepared.state()
    const cases: [string, unknown, RegExp][] = [
      ['is_internal', [true], / tidak valid\.$/],
      ['is_internal', {}, / tidak valid\.$/],
      ['name', ['Infant Incubator'], / harus berupa teks\.$/],
      ['name', { text: 'Infant Incubator' }, / harus berupa teks\.$/],
      ['laboratory', ['PK'], / tidak valid\.$/],
    ]
    for (const [field, value, message] of cases) {
      const response = await send(client, prepared, withValue(prepared.payload, field, value))
      assert.equal(response.status(), 422, `${field}=${JSON.stringify(value)}`)
      const error = response.body().errors.find((e: { field: string }) => e.field === field)
      assert.match(error?.message ?? '', message, `${field}=${JSON.stringify(value)}`)
    }
    assert.equal(await prepared.state(), before)
  })
})

test.group('Type coercion | list filters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('arrays and objects in the query of a list answer 422 with the field named; plain values still work', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const cases: [string, string, string][] = [
      ['/fasyankes/data/datatable', 'limit[]=20', 'limit'],
      ['/fasyankes/data/datatable', 'page[a]=1', 'page'],
      ['/fasyankes/data/datatable', 'category[]=1', 'category'],
      ['/fasyankes/data/datatable', 'class[x]=1', 'class'],
      ['/alkes/data/datatable', 'price[]=5', 'price'],
      ['/alkes/data/datatable', 'minute_estimation[]=60', 'minute_estimation'],
      ['/calibrator/data/datatable', 'unit[]=1', 'unit'],
      ['/calibrator/data/datatable', 'channel_count[]=2', 'channel_count'],
      ['/calibrator/data/datatable', 'name[]=Fluke', 'name'],
    ]
    const mismatches: string[] = []
    for (const [path, query, field] of cases) {
      const response = await client
        .get(`${path}?${query}`)
        .loginAs(yantek)
        .header('accept', 'application/json')
      const named = (response.body().errors ?? []).some((e: { field: string }) => e.field === field)
      if (response.status() !== 422 || !named)
        mismatches.push(`${path}?${query}: ${response.status()} ${JSON.stringify(response.body())}`)
      const plain = await client
        .get(`${path}?${query.replace(/\[[^\]]*\]/, '')}`)
        .loginAs(yantek)
        .header('accept', 'application/json')
      if (plain.status() !== 200)
        mismatches.push(`${path}?${query} without brackets: ${plain.status()}`)
    }
    assert.deepEqual(mismatches, [])
  })
})
