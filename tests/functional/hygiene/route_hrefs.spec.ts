import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import Order from '#models/order'
import CalibratorLoan from '#models/calibrator_loan'
import { ORDER_TYPES, ORDER_TYPE_INFO, orderListHref } from '#workflows/order_types'
import { loanWorkflow } from '#workflows/loan_workflow'
import type { ActionButton } from '#workflows/kit'
import { ORDER_DOCUMENTS } from '#documents/registry'
import { documentPath } from '#queries/orders/order_page_actions'
import { noticeLinks } from '#notifications/links'
import { userWithRoles } from '#tests/helpers/accounts'
import { ROLES } from '#enums/roles'
import { menuFor } from '#services/navigation'
import { orderPagePattern } from '#services/order_links'
import { verificationUrl } from '#services/label_codes'
import { recordFormProps, type RegisterName } from '#lists/list_responder'

/**
 * Issue 36, item 3: every server URL the app hands out comes from a route's name (urlFor), so a
 * renamed or removed route fails loudly here instead of leaving a button or a link dead. This
 * walks every workflow button, order document, notice link and order-type page the app can
 * produce, for sample records, and resolves each against the router: a link must reach a GET
 * route, a button sending PUT or DELETE a route of that method.
 */
interface Href {
  what: string
  href: string
  method: string
}

function unresolved(hrefs: Href[]) {
  return hrefs
    .filter(({ href, method }) => {
      const [path] = href.split('?')
      return !path.startsWith('/') || !router.match(path, method.toUpperCase(), false)
    })
    .map(({ what, method, href }) => `${what}: ${method.toUpperCase()} ${href}`)
}

const sampleOrder = (type: string) =>
  Object.assign(new Order(), { id: 7, type, number: 'DT/2026/11/0007', status: 'MENUNGGU' })

/** Every action of a workflow that carries a button, with the href and method it produces. */
function buttonHrefs<Subject>(
  name: string,
  actions: Record<string, { button?: ActionButton<Subject> }>,
  subject: Subject
): Href[] {
  return Object.entries(actions)
    .filter(([, action]) => action.button)
    .map(([action, { button }]) => ({
      what: `${name} button ${action}`,
      href: button!.href(subject),
      method: button!.method ?? 'get',
    }))
}

function orderButtonHrefs() {
  return ORDER_TYPES.flatMap((type) =>
    buttonHrefs(
      `${type}`,
      ORDER_TYPE_INFO[type].workflow.definition.actions as Record<
        string,
        { button?: ActionButton<Order> }
      >,
      sampleOrder(type)
    )
  )
}

function documentHrefs(): Href[] {
  return ORDER_DOCUMENTS.flatMap((document) => {
    const order = sampleOrder(document.orderType)
    return [
      { what: `document ${document.name}`, href: documentPath(document, order), method: 'get' },
      // A document served in parts is linked once per part (the files page).
      ...(document.parts
        ? [
            {
              what: `document ${document.name}, a part`,
              href: documentPath(document, order, { sub_order: 'DL/2026/11/0007', part: '1' }),
              method: 'get',
            },
          ]
        : []),
    ]
  })
}

/** Sample calls of every notice link; a new link does not compile until it has its samples. */
const forEachType = (link: (order: Order) => string) =>
  ORDER_TYPES.map((type) => link(sampleOrder(type)))
const NOTICE_SAMPLES: Record<keyof typeof noticeLinks, () => string[]> = {
  orderDetail: () => forEachType(noticeLinks.orderDetail),
  orderInvoice: () => forEachType(noticeLinks.orderInvoice),
  orderCertificates: () => forEachType(noticeLinks.orderCertificates),
  orderWorksheets: () => forEachType(noticeLinks.orderWorksheets),
  loanDetail: () => [noticeLinks.loanDetail(3)],
  loanDecision: () => [noticeLinks.loanDecision(3)],
  holidays: () => [noticeLinks.holidays(2027)],
  dashboard: () => [noticeLinks.dashboard()],
}

function noticeHrefs(): Href[] {
  return Object.entries(NOTICE_SAMPLES).flatMap(([link, samples]) =>
    samples().map((href) => ({ what: `notice ${link}`, href, method: 'get' }))
  )
}

function orderTypeHrefs(): Href[] {
  const staff = userWithRoles(['yantek'])
  const facility = userWithRoles(['fasyankes'])
  return ORDER_TYPES.flatMap((type) => {
    const info = ORDER_TYPE_INFO[type]
    const order = sampleOrder(type)
    return [
      { what: `${type} list`, href: info.listPath(), method: 'get' },
      {
        what: `${type} list filtered`,
        href: orderListHref(type, { status: 'X Y' }),
        method: 'get',
      },
      { what: `${type} detail`, href: info.detailPath(order), method: 'get' },
      { what: `${type} staff page`, href: info.pagePath(order, staff), method: 'get' },
      { what: `${type} facility page`, href: info.pagePath(order, facility), method: 'get' },
      ...[staff, facility].map((user) => ({
        what: `${type} list row of ${user.roles.join()}`,
        href: orderPagePattern(type, user).replace(':id', '7'),
        method: 'get',
      })),
    ]
  })
}

const REGISTERS: RegisterName[] = ['officer', 'fasyankes', 'alkes', 'calibrator']
const SAMPLE_LIST = { recordName: 'Data' } as Parameters<typeof recordFormProps>[0]

/** The sidebar of every role, the label verification link and the master-data forms. */
function pageHrefs(): Href[] {
  const menus = ROLES.flatMap((role) => menuFor(userWithRoles([role])))
  const entries = menus.flatMap((section) => section.items)
  const pages = entries.flatMap((item) => (item.children ? item.children : [item]))
  const path = (url: string) => new URL(url).pathname
  return [
    ...pages.map((item) => ({ what: `menu ${item.label}`, href: item.href, method: 'get' })),
    { what: 'label verification', href: path(verificationUrl('7K2QMX9D4R')), method: 'get' },
    ...REGISTERS.flatMap((register) => {
      const adding = recordFormProps(SAMPLE_LIST, register)
      const changing = recordFormProps(SAMPLE_LIST, register, { id: 7 })
      return [
        { what: `${register} store`, href: adding.submitHref, method: 'post' },
        { what: `${register} update`, href: changing.submitHref, method: 'put' },
      ]
    }),
  ]
}

test.group('Every server URL from a route name (issue 36, item 3)', () => {
  test('every menu entry, the label verification link and the register forms resolve', ({
    assert,
  }) => {
    const hrefs = pageHrefs()
    assert.isAbove(hrefs.length, 20, 'every role has a menu')
    assert.deepEqual(unresolved(hrefs), [])
  })

  test('every workflow button of every order type resolves to a route of its method', ({
    assert,
  }) => {
    const hrefs = orderButtonHrefs()
    for (const type of ORDER_TYPES) {
      assert.isAbove(
        hrefs.filter((href) => href.what.startsWith(`${type} `)).length,
        5,
        `${type} has buttons`
      )
    }
    assert.deepEqual(unresolved(hrefs), [])
  })

  test('every loan workflow button resolves to a route of its method', ({ assert }) => {
    const loan = Object.assign(new CalibratorLoan(), { id: 3, status: 'Pending' })
    const hrefs = buttonHrefs('loan', loanWorkflow.definition.actions, loan)
    assert.isAbove(hrefs.length, 1)
    assert.deepEqual(unresolved(hrefs), [])
  })

  test('every document of the registry resolves to its GET route', ({ assert }) => {
    const hrefs = documentHrefs()
    assert.isAtLeast(hrefs.length, ORDER_DOCUMENTS.length)
    assert.deepEqual(unresolved(hrefs), [])
  })

  test('every notice link resolves to a GET route', ({ assert }) => {
    const hrefs = noticeHrefs()
    assert.isAtLeast(hrefs.length, Object.keys(noticeLinks).length)
    assert.deepEqual(unresolved(hrefs), [])
  })

  test("every order type's list and order pages resolve to GET routes", ({ assert }) => {
    assert.deepEqual(unresolved(orderTypeHrefs()), [])
  })

  test('the check itself refuses a path no route serves', ({ assert }) => {
    assert.lengthOf(
      unresolved([
        { what: 'unknown', href: '/internal/7/nowhere', method: 'get' },
        { what: 'wrong method', href: '/internal/7/detail', method: 'delete' },
        { what: 'unknown type', href: '/elsewhere/7/invoice', method: 'get' },
      ]),
      3
    )
  })

  test('a link to a route no longer named fails loudly', async ({ assert }) => {
    const { urlFor } = await import('@adonisjs/core/services/url_builder')
    assert.throws(() => urlFor('orders.renamed' as 'dashboard'), /Cannot lookup route/)
  })
})
