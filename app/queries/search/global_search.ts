import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { likeTerm, whereContains } from '#lists/datatable'
import { newestOrdersContaining } from '#queries/orders/order_text_search'
import { historyHref } from '#queries/devices/history_href'
import { ORDER_TYPES, ORDER_TYPE_INFO } from '#workflows/order_types'
import type { OrderType } from '#enums/order_types'

export type SearchHit = {
  kind: 'order' | 'device' | 'facility'
  /** What the hit is called: a kind label the page shows before the title. */
  kindLabel: string
  title: string
  subtitle: string
  href: string
}

const PER_KIND = 5

/** Orders read to find the device lines a term names (their numbers are in the order's text). */
const DEVICE_ORDERS = 20

/**
 * A complete order number or certificate number names one order, found through its unique
 * index, among the types this user may see; null when the term names none (issue 34: the
 * trigram index read the postings of "dt/", "/20", "202"… of every order for it, 70 ms a
 * search at a million orders, and it did so again for every other type after the number was
 * found in one). Both kinds of number hold a slash, so a facility's name or a serial number is
 * not looked up.
 */
async function exactOrder(user: User, types: OrderType[], term: string) {
  const number = term.trim().toUpperCase()
  if (!number.includes('/') || !types.length) return null
  const inScope = () => {
    const query = db.from('orders as o').whereIn('o.type', types).select('o.id', 'o.type').limit(1)
    return user.isFacility ? query.where('o.fasyankes_id', user.fasyankesId ?? 0) : query
  }
  const [byNumber] = await inScope().where('o.number', number)
  const [byCertificate] = byNumber
    ? []
    : await inScope().whereIn(
        'o.id',
        db.from('order_devices').where('certificate_number', number).select('order_id')
      )
  const found = byNumber ?? byCertificate
  return found ? { id: Number(found.id), type: found.type as OrderType } : null
}

/**
 * One box for the top bar: an order number, a facility, a serial number or a certificate
 * number finds the order, the device line (on its order's page) or the facility, within
 * what this user may see. A facility finds only its own orders and devices. Every kind is read
 * at a bounded cost (issue 34): orders, and the serial and certificate numbers of their devices,
 * through the orders' search text (the newest walked, the rest from the trigram index), then
 * the lines of those orders; facilities from their small table.
 */
export async function globalSearch(user: User, term: string): Promise<SearchHit[]> {
  const hits: SearchHit[] = []
  const lower = term.trim().toLowerCase()
  const types = ORDER_TYPES.filter((type) => user.can(ORDER_TYPE_INFO[type].viewPermission))
  // A whole number found is the one hit of its kind: no type searches its text for it.
  const exact = await exactOrder(user, types, term)
  for (const type of types) {
    const info = ORDER_TYPE_INFO[type]
    const scoped = db.from('orders as o').where('o.type', type)
    if (user.isFacility) scoped.where('o.fasyankes_id', user.fasyankesId ?? 0)

    const orderIds = exact
      ? exact.type === type
        ? [exact.id]
        : []
      : await newestOrdersContaining(scoped, term, DEVICE_ORDERS)
    const orders = orderIds.length
      ? await db
          .from('orders as o')
          .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
          .whereIn('o.id', orderIds.slice(0, PER_KIND))
          .orderBy('o.created_at', 'desc')
          .select('o.id', 'o.number', 'o.status', 'f.fasyankes_name')
      : []
    for (const order of orders) {
      hits.push({
        kind: 'order',
        kindLabel: `Permintaan ${info.title}`,
        title: order.number,
        subtitle: `${order.fasyankes_name} · ${order.status}`,
        href: info.pagePath({ id: Number(order.id) }, user),
      })
    }

    const lines = db
      .from('order_devices as d')
      .join('orders as o', 'o.id', 'd.order_id')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      // The orders found above are within the user's scope already.
      .whereIn('d.order_id', orderIds)
      .where((named) =>
        named
          .whereRaw(`lower(d.serial_number) LIKE ? ESCAPE '\\'`, [likeTerm(lower)])
          .orWhereRaw(`lower(d.certificate_number) LIKE ? ESCAPE '\\'`, [likeTerm(lower)])
      )
    const devices = orderIds.length
      ? await lines
          .select(
            'd.id',
            'd.alkes_id',
            'o.fasyankes_id',
            'o.id as order_id',
            'o.number',
            'a.name',
            'd.serial_number',
            'd.certificate_number'
          )
          .orderBy('d.id', 'desc')
          .limit(PER_KIND)
      : []
    for (const device of devices) {
      hits.push({
        kind: 'device',
        kindLabel: 'Alat',
        title: `${device.name}${device.serial_number ? ` · SN ${device.serial_number}` : ''}`,
        subtitle: [
          device.number,
          device.certificate_number ? `Sertifikat ${device.certificate_number}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        // Its history, which names every order it was on (the order page without a serial).
        href:
          historyHref(Number(device.alkes_id), device.serial_number, Number(device.fasyankes_id)) ??
          info.pagePath({ id: Number(device.order_id) }, user),
      })
    }
  }

  if (user.can('fasyankes.view')) {
    const facilities = await whereContains(
      db
        .from('fasyankes as f')
        .select('f.id', 'f.fasyankes_name', 'f.address')
        .orderByRaw('lower(f.fasyankes_name)')
        .limit(PER_KIND),
      ['f.fasyankes_name'],
      term
    )
    for (const facility of facilities) {
      hits.push({
        kind: 'facility',
        kindLabel: 'Fasyankes',
        title: facility.fasyankes_name,
        subtitle: facility.address ?? '',
        // Form-encoded (`a+b`) as before; urlFor's qs would write `a%20b`.
        href: `${urlFor('fasyankes.index')}?${new URLSearchParams({ name: facility.fasyankes_name })}`,
      })
    }
  }
  return hits
}
